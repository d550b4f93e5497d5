import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { type DocumentOf, type GradingConfig, type LiveConfig } from '@/lib/config'
import { writeDocument } from '@/lib/write-document'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { OLD_IHK } from '../old-ihk'
import { STANDARD } from '../standard'
import { ConfigEditor } from './config-editor'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

function version(
  n: number,
  changes: { name?: string; by?: string } = {},
): LiveConfig & { config: DocumentOf<'widths'> } {
  const live = standardLiveConfig(n)
  return {
    ...live,
    savedAt: `2026-11-22T1${String(n)}:00:00Z`,
    savedBy: changes.by ?? 'admin@schule.de',
    config: { ...live.config, name: changes.name ?? live.config.name },
  }
}

/** The boundary between grade g and g + 1: grade g's min and grade g + 1's max. */
const boundary = (g: number) =>
  screen.getByRole('textbox', { name: `Grenze zwischen Note ${String(g)} und ${String(g + 1)}` })
const gradeRow = (g: number) => screen.getByRole('group', { name: `Note ${String(g)}` })

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
    expect(boundary(2)).toHaveValue('70')
    expect(gradeRow(1)).toHaveTextContent('bis 100 %')
    expect(gradeRow(6)).toHaveTextContent('ab 0 % bis 20 %')
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveValue('33,33')
    expect(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' })).toHaveValue('50')
    expect(boundary(2)).toHaveAttribute('inputmode', 'decimal')
  })

  it('shows the German messages at the fields before sending, and sends nothing', async () => {
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), '')
    await replace(boundary(2), '86')
    await replace(screen.getByRole('textbox', { name: 'Minus-Bereich' }), 'abc')
    await replace(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' }), '33,333333')
    await replace(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' }), '120')
    await save()

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      expect.stringContaining('Der Name muss 1 bis 80 Zeichen lang sein.') as string,
    )
    expect(boundary(2)).toHaveAccessibleDescription(
      'Muss kleiner sein als die Grenze zwischen Note 1 und 2 (85 %).',
    )
    expect(boundary(2)).toHaveAttribute('aria-invalid', 'true')
    expect(boundary(1)).toHaveAccessibleDescription(
      'Muss größer sein als die Grenze zwischen Note 2 und 3 (86 %).',
    )
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Muss eine Zahl sein.') as string,
    )
    expect(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Höchstens 4 Nachkommastellen.') as string,
    )
    expect(screen.getByRole('textbox', { name: 'Note 6: Normal-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Muss zwischen 0 und 100 liegen.') as string,
    )
    expect(boundary(3)).not.toHaveAttribute('aria-invalid')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })

  it('clears a rule between two fields when the other field is fixed', async () => {
    const { replace, save } = setup()
    await replace(boundary(2), '90')
    await save()
    expect(boundary(1)).toHaveAttribute('aria-invalid', 'true')
    expect(boundary(2)).toHaveAttribute('aria-invalid', 'true')
    await replace(boundary(1), '95')
    expect(boundary(1)).not.toHaveAttribute('aria-invalid')
    expect(boundary(2)).not.toHaveAttribute('aria-invalid')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })

  it('shows what is wrong when a changed field is left, before saving', async () => {
    const { user, replace } = setup()
    await replace(boundary(4), '60')
    expect(boundary(4)).not.toHaveAttribute('aria-invalid') // not while typing
    await user.tab()
    expect(boundary(4)).toHaveAccessibleDescription(
      'Muss kleiner sein als die Grenze zwischen Note 3 und 4 (55 %).',
    )
    expect(boundary(3)).toHaveAccessibleDescription(
      'Muss größer sein als die Grenze zwischen Note 4 und 5 (60 %).',
    )
    await replace(boundary(4), '50') // fixed while typing, both messages go
    expect(boundary(3)).not.toHaveAttribute('aria-invalid')
    expect(boundary(4)).not.toHaveAttribute('aria-invalid')
  })

  it('moves both neighbours of a boundary: the grade above starts there, the grade below ends there', async () => {
    const { replace } = setup()
    await replace(boundary(1), '90')
    expect(gradeRow(1)).toHaveTextContent('bis 100 %')
    expect(gradeRow(2)).toHaveTextContent('bis 90 %')
    expect(gradeRow(2)).not.toHaveTextContent('bis 85 %')
  })

  it('does not save on Enter in a field: publishing to every page takes "Speichern"', async () => {
    api.on('PUT /config', json(200, version(4)))
    const { user, replace } = setup()
    await replace(boundary(3), '56')
    await user.keyboard('{Enter}')
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Oberstufe{Enter}')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled()
    screen.getByRole('button', { name: 'Speichern' }).focus()
    await user.keyboard('{Enter}') // the button itself saves
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
  })

  // The browser drops the focus of a disabled button (e2e/admin-focus.spec.ts); here: they are never disabled.
  it('keeps "Speichern" and "Änderungen verwerfen" focusable: unavailable, they say so and do nothing', async () => {
    api.on('PUT /config', json(200, version(4)))
    const { user, replace } = setup()
    await replace(boundary(3), '56')
    screen.getByRole('button', { name: 'Speichern' }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveFocus()
    await replace(boundary(3), '57')
    const discard = screen.getByRole('button', { name: 'Änderungen verwerfen' })
    discard.focus()
    await user.keyboard('{Enter}')
    expect(boundary(3)).not.toHaveValue('57')
    expect(discard).toHaveFocus()
    expect(discard).toHaveAttribute('aria-disabled', 'true') // nothing left to discard
    await user.keyboard('{Enter}')
    expect(api.callsTo('PUT /config')).toHaveLength(1)
  })

  it('saves over the loaded version (If-Match) the canonical document, and follows the answer', async () => {
    const saved = version(4, { name: 'Oberstufe' })
    saved.config.rule.schema.general = { minus: 30, normal: 33.33 }
    api.on('PUT /config', json(200, saved))
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Oberstufe')
    await replace(screen.getByRole('textbox', { name: 'Minus-Bereich' }), ' 30,0 ')
    await save()

    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.headers.get('If-Match')).toBe('"3"')
    // the original's shape, as the server wrote version 3
    const written = writeDocument(standardLiveConfig(3).config) as GradingConfig
    expect(put?.body).toEqual({
      ...written,
      name: 'Oberstufe',
      schema: { ...written.schema, general: { minus: 30, normal: 33.33 } },
    })
    expect(screen.getByText(/Bearbeitet wird Version 4/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveValue('30')
    expect(screen.getByText('Keine ungespeicherten Änderungen.')).toBeInTheDocument()
    // the preview shows the saved state, no longer "not saved yet"
    const preview = screen.getByRole('region', { name: 'Vorschau' })
    expect(preview).toHaveTextContent('So zeigt der Rechner die Tabelle der gespeicherten Version 4.')
    expect(preview).not.toHaveTextContent('noch nicht gespeichert')
    expect(within(preview).getByText('Oberstufe')).toBeInTheDocument()
  })

  it('makes the key binding for teachers with one checkbox, saved as a new version', async () => {
    const saved = version(4)
    saved.config = { ...saved.config, adjustable: false }
    api.on('PUT /config', json(200, saved))
    const { user, save } = setup()
    const box = screen.getByRole('checkbox', {
      name: 'Lehrkräfte dürfen diesen Schlüssel für eine Arbeit anpassen',
    })
    expect(box).toBeChecked()
    await user.click(box)
    await save()

    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.body).toEqual({
      ...(writeDocument(standardLiveConfig(3).config) as GradingConfig),
      adjustable: false,
    })
    expect(box).not.toBeChecked()
  })

  it("shows the server's 422 field messages at the same fields", async () => {
    api.on(
      'PUT /config',
      apiError(422, 'validation_failed', 'Die Konfiguration ist ungültig.', {
        fields: {
          'grades.2.min': 'Servermeldung zu Note 2.',
          'grades.1.max': 'Servermeldung zum festen Ende.',
          'schema.general.plus': 'Servermeldung zum Normal-Bereich.',
          version: 'Unbekanntes Feld.',
        },
      }),
    )
    const { replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Neu')
    await save()
    expect(
      await screen.findByText('Nicht gespeichert: Bitte die markierten Felder prüfen.'),
    ).toBeInTheDocument()
    expect(boundary(2)).toHaveAccessibleDescription('Servermeldung zu Note 2.')
    expect(screen.getByRole('textbox', { name: 'Normal-Bereich' })).toHaveAccessibleDescription(
      expect.stringContaining('Servermeldung zum Normal-Bereich.') as string,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('version: Unbekanntes Feld.')
    expect(screen.getByRole('alert')).toHaveTextContent('grades.1.max: Servermeldung zum festen Ende.')
  })

  it('keeps the edits on a 412, shows who saved in between and offers that version', async () => {
    const theirs = version(4, { name: 'Kollegium', by: 'kollege@schule.de' })
    api.on(
      'PUT /config',
      apiError(412, 'config_conflict', 'Jemand anderes hat inzwischen gespeichert.', { current: theirs }),
    )
    const { user, replace, save } = setup()
    await replace(screen.getByRole('textbox', { name: 'Name' }), 'Meins')
    await save()

    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('Jemand anderes hat inzwischen Version 4 gespeichert.')
    expect(notice).toHaveTextContent('„Kollegium“, gespeichert am 22.11.2026, 14:00 von kollege@schule.de.')
    expect(
      screen.getByText('Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.'),
    ).toBeInTheDocument()
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
    const preview = screen.getByRole('region', { name: 'Vorschau' })
    expect(preview).toHaveTextContent('So zeigt der Rechner die Tabelle der gespeicherten Version 3.')
    await replace(boundary(1), '90')
    // grade 1 is now 90–100 with a 33.33 % minus band: 1 is over 93,333
    expect(within(preview).getAllByRole('cell', { name: '93,333' }).length).toBeGreaterThan(0)
    expect(preview).toHaveTextContent('(noch nicht gespeichert)')
  })

  it('shows the errors instead of the table while the form is invalid', async () => {
    const { user, replace } = setup()
    const preview = screen.getByRole('region', { name: 'Vorschau' })
    await replace(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' }), 'x')
    await replace(boundary(5), '45')
    expect(within(preview).queryAllByRole('table')).toHaveLength(0)
    const items = within(preview).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'Grenze zwischen Note 4 und 5: Muss größer sein als die Grenze zwischen Note 5 und 6 (45 %).',
      'Grenze zwischen Note 5 und 6: Muss kleiner sein als die Grenze zwischen Note 4 und 5 (40 %).',
      'Note 1: Minus-Bereich: Muss eine Zahl sein.',
    ])
    await user.click(within(preview).getByRole('button', { name: 'Grenze zwischen Note 5 und 6' }))
    expect(boundary(5)).toHaveFocus()

    await replace(boundary(5), '35')
    await replace(screen.getByRole('textbox', { name: 'Note 1: Minus-Bereich' }), '50')
    expect(within(preview).queryAllByRole('listitem')).toHaveLength(0)
    expect(within(preview).getAllByRole('cell', { name: '92,5' }).length).toBeGreaterThan(0)
  })

  it('fills the form from the Standard without saving; saving sends the Standard', async () => {
    const live = { ...version(3), config: OLD_IHK }
    api.on('PUT /config', json(200, version(4)))
    const { user, save } = setup(live)
    await user.click(screen.getByRole('button', { name: 'Standard (85/70/55/40/20)' }))

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard')
    expect(boundary(1)).toHaveValue('85')
    expect(gradeRow(2)).toHaveTextContent('bis 85 %')
    expect(boundary(5)).toHaveValue('20')
    expect(screen.getByText('Ungespeicherte Änderungen.')).toBeInTheDocument()
    // the preview follows: grade 1 is 85–100 with a 33,33 % minus band
    expect(screen.getAllByRole('cell', { name: '89,9995' }).length).toBeGreaterThan(0)
    expect(api.callsTo('PUT /config')).toHaveLength(0)

    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual(writeDocument(STANDARD))
  })

  it('goes back to the loaded version with "Aktuelle Konfiguration"', async () => {
    const { user } = setup({ ...version(3), config: OLD_IHK })
    await user.click(screen.getByRole('button', { name: 'Standard (85/70/55/40/20)' }))
    await user.click(screen.getByRole('button', { name: 'Aktuelle Konfiguration' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('IHK')
    expect(boundary(1)).toHaveValue('92')
    expect(screen.getByText('Keine ungespeicherten Änderungen.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })
})
