import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig } from '@/lib/config'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { PRESETS } from '../presets'
import { ConfigEditor } from './config-editor'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

function version(n: number, changes: { name?: string; by?: string } = {}): LiveConfig {
  const live = standardLiveConfig(n)
  return {
    ...live,
    savedAt: `2026-11-22T1${String(n)}:00:00Z`,
    savedBy: changes.by ?? 'admin@schule.de',
    config: { ...live.config, name: changes.name ?? live.config.name },
  }
}

const field = (grade: number, label: 'Minimum' | 'Maximum') =>
  within(screen.getByRole('group', { name: `Note ${String(grade)}` })).getByRole('textbox', { name: label })

function setup(live = version(3)) {
  const user = userEvent.setup()
  const view = renderFeature(<ConfigEditor />, { live })
  const replace = async (el: HTMLElement, text: string) => {
    await user.clear(el)
    if (text !== '') await user.type(el, text)
  }
  const save = () => user.click(screen.getByRole('button', { name: 'Speichern' }))
  return { user, ...view, replace, save }
}

describe('ConfigEditor', () => {
  it('shows the loaded version in its fields, numbers with a decimal comma', () => {
    setup()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard')
    expect(field(2, 'Minimum')).toHaveValue('70')
    expect(field(1, 'Maximum')).toHaveValue('100')
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveValue('33,33')
    expect(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' })).toHaveValue('50')
    expect(field(2, 'Minimum')).toHaveAttribute('inputmode', 'decimal')
  })

  it('shows the German messages at the fields before sending, and sends nothing', async () => {
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), '')
    await replace(field(2, 'Minimum'), '72')
    await replace(screen.getByRole('textbox', { name: 'Minus-Bereich' }), 'abc')
    await replace(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' }), '33,333333')
    await replace(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' }), '120')
    await save()

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      expect.stringContaining('Der Name muss 1 bis 80 Zeichen lang sein.') as string,
    )
    expect(field(2, 'Minimum')).toHaveAccessibleDescription(
      'Muss dem Maximum der Note 3 entsprechen (keine Lücke, keine Überschneidung).',
    )
    expect(field(2, 'Minimum')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Muss eine Zahl sein.') as string,
    )
    expect(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Höchstens 4 Nachkommastellen.') as string,
    )
    expect(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Muss zwischen 0 und 100 liegen.') as string,
    )
    expect(field(3, 'Maximum')).not.toHaveAttribute('aria-invalid')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })

  it('clears a rule between two fields when the other field is fixed', async () => {
    const { replace, save } = setup()
    await replace(field(2, 'Minimum'), '72')
    await save()
    expect(field(2, 'Minimum')).toHaveAttribute('aria-invalid', 'true')
    await replace(field(3, 'Maximum'), '72')
    expect(field(2, 'Minimum')).not.toHaveAttribute('aria-invalid')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })

  it('saves over the loaded version (If-Match) the canonical document, and follows the answer', async () => {
    const saved = version(4, { name: 'Oberstufe' })
    saved.config.schema.general = { minus: 30, normal: 33.33 }
    api.on('PUT /config', json(200, saved))
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Oberstufe')
    await replace(screen.getByRole('textbox', { name: 'Minus-Bereich' }), ' 30,0 ')
    await save()

    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.headers.get('If-Match')).toBe('"3"')
    expect(put?.body).toEqual({ ...standardLiveConfig(3).config, name: 'Oberstufe', schema: { ...standardLiveConfig(3).config.schema, general: { minus: 30, normal: 33.33 } } })
    expect(screen.getByText(/Bearbeitet wird Version 4/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveValue('30')
    expect(screen.getByText('Keine ungespeicherten Änderungen.')).toBeInTheDocument()
  })

  it("shows the server's 422 field messages at the same fields", async () => {
    api.on(
      'PUT /config',
      apiError(422, 'validation_failed', 'Die Konfiguration ist ungültig.', {
        fields: {
          'grades.2.min': 'Servermeldung zu Note 2.',
          'schema.general.plus': 'Servermeldung zum Normal-Bereich.',
          version: 'Unbekanntes Feld.',
        },
      }),
    )
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Neu')
    await save()
    expect(await screen.findByText('Nicht gespeichert: Bitte die markierten Felder prüfen.')).toBeInTheDocument()
    expect(field(2, 'Minimum')).toHaveAccessibleDescription('Servermeldung zu Note 2.')
    expect(screen.getByRole('textbox', { name: 'Normal-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Servermeldung zum Normal-Bereich.') as string,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('version: Unbekanntes Feld.')
  })

  it('keeps the edits on a 412, shows who saved in between and offers that version', async () => {
    const theirs = version(4, { name: 'Kollegium', by: 'kollege@schule.de' })
    api.on('PUT /config', apiError(412, 'config_conflict', 'Jemand anderes hat inzwischen gespeichert.', { current: theirs }))
    const { user, replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Meins')
    await save()

    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('Jemand anderes hat inzwischen Version 4 gespeichert.')
    expect(notice).toHaveTextContent('„Kollegium“, gespeichert am 22.11.2026, 14:00 von kollege@schule.de.')
    expect(screen.getByText('Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Meins')
    expect(screen.getByText(/Bearbeitet wird Version 3/)).toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: 'Neuere Version laden' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Kollegium')
    expect(screen.getByText(/Bearbeitet wird Version 4/)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('follows a new live version while unchanged', () => {
    const { pushLive } = setup()
    pushLive(version(4, { name: 'Oberstufe' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Oberstufe')
    expect(screen.getByText(/Bearbeitet wird Version 4/)).toBeInTheDocument()
    expect(screen.queryByText(/Eine neuere Version/)).not.toBeInTheDocument()
  })

  it('with unsaved edits, offers a new live version instead of replacing the edits', async () => {
    const { user, replace, pushLive } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Meins')
    pushLive(version(4, { name: 'Oberstufe' }))

    const notice = screen.getByRole('status', { name: '' }) // role=status without a name: the notice
    expect(notice).toHaveTextContent('Eine neuere Version (4) wurde gespeichert.')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Meins')
    expect(screen.getByText(/Bearbeitet wird Version 3/)).toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: 'Laden' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Oberstufe')
    expect(screen.queryByText(/Eine neuere Version/)).not.toBeInTheDocument()
  })

  it('previews the table with the values as typed', async () => {
    const { replace } = setup()
    await replace(field(1, 'Minimum'), '90')
    await replace(field(2, 'Maximum'), '90')
    // grade 1 is now 90–100 with a 33.33 % minus band (bounds round outward)
    expect(screen.getAllByRole('cell', { name: '93,333' }).length).toBeGreaterThan(0)
    await replace(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' }), 'x')
    expect(screen.getAllByRole('cell', { name: '?' }).length).toBeGreaterThan(0)
  })

  it('fills the form from a preset without saving; saving sends the preset', async () => {
    const live = version(3)
    api.on('PUT /config', json(200, version(4, { name: 'IHK' })))
    const { user, save } = setup(live)
    await user.click(screen.getByRole('button', { name: 'IHK (92/81/67/50/30)' }))

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('IHK')
    expect(field(1, 'Minimum')).toHaveValue('92')
    expect(field(2, 'Maximum')).toHaveValue('92')
    expect(field(5, 'Minimum')).toHaveValue('30')
    expect(screen.getByText('Ungespeicherte Änderungen.')).toBeInTheDocument()
    // the preview follows: grade 1 is 92–100 with a 33,33 % minus band
    expect(screen.getAllByRole('cell', { name: '94,6664' }).length).toBeGreaterThan(0)
    expect(api.callsTo('PUT /config')).toHaveLength(0)

    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual(PRESETS.find((p) => p.id === 'ihk')?.config)
  })

  it('goes back to the loaded version with "Aktuelle Konfiguration"', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'IHK (92/81/67/50/30)' }))
    await user.click(screen.getByRole('button', { name: 'Aktuelle Konfiguration' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard')
    expect(field(1, 'Minimum')).toHaveValue('85')
    expect(screen.getByText('Keine ungespeicherten Änderungen.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })
})
