import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig, RuleDocument } from '@/lib/config'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { documentOf } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { RULE_MESSAGES } from '../rule-form'
import { ConfigEditor } from './config-editor'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const KMK = [95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 33, 27, 20]
const kmk: RuleDocument = {
  name: 'KMK Oberstufe',
  system: 'notenpunkte',
  preset: 'kmk-oberstufe',
  rule: {
    kind: 'table',
    percentage: 'exact',
    bands: [...KMK.map((from, i) => ({ grade: String(15 - i), from })), { grade: '0' }],
  },
}
const swiss: RuleDocument = {
  name: 'Schweiz',
  system: 'schweiz',
  rule: { kind: 'formula', step: 0.25, midpoint: 'up' },
}
const version = (n: number, config: RuleDocument): LiveConfig => ({
  version: n,
  savedAt: '2026-11-22T13:00:00Z',
  savedBy: 'admin@schule.de',
  config: documentOf(config),
})

function setup(live = version(3, kmk)) {
  const user = userEvent.setup()
  const view = renderFeature(<ConfigEditor />, { live })
  const replace = async (name: string, text: string) => {
    const el = screen.getByRole('textbox', { name })
    await user.clear(el)
    if (text !== '') await user.type(el, text)
  }
  const save = () => user.click(screen.getByRole('button', { name: 'Speichern' }))
  return { user, ...view, replace, save }
}

describe('the editor of a rule document', () => {
  it('shows the system, a row per band and the basis', () => {
    setup()
    expect(screen.getByText(/Notensystem: Notenpunkte 15 bis 0; Tabelle „ab“/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 1' })).toHaveValue('95')
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 15' })).toHaveValue('20')
    expect(screen.queryByRole('textbox', { name: 'ab Prozent der Zeile 16' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Verglichen wird der Prozentwert' })).toHaveValue('exact')
  })

  it('shows the German messages of bounds out of order and of a bound left out, and sends nothing', async () => {
    const { replace, save } = setup()
    await replace('ab Prozent der Zeile 3', '90')
    await replace('ab Prozent der Zeile 6', '')
    await save()
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 3' })).toHaveAccessibleDescription(
      RULE_MESSAGES.fromOrder.replace('{above}', '14'),
    )
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 6' })).toHaveAccessibleDescription(
      'Pflichtfeld.',
    )
    expect(api.callsTo('PUT /config')).toHaveLength(0)
    expect(screen.getByRole('region', { name: 'Vorschau' })).toHaveTextContent('Keine Vorschau')
  })

  it('asks for whole bounds once the basis is a whole percent', async () => {
    const { user, replace, save } = setup()
    await replace('ab Prozent der Zeile 13', '33,5')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Verglichen wird der Prozentwert' }),
      'round',
    )
    await save()
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 13' })).toHaveAccessibleDescription(
      RULE_MESSAGES.fromWhole,
    )
  })

  it('does not save on Enter in a bound: publishing to every page takes "Speichern"', async () => {
    api.on('PUT /config', json(200, version(4, kmk)))
    const { user, replace } = setup()
    await replace('ab Prozent der Zeile 3', '84')
    await user.keyboard('{Enter}')
    expect(api.callsTo('PUT /config')).toHaveLength(0)
  })

  it('saves over the loaded version (If-Match) without the preset once a bound moved', async () => {
    const changed = structuredClone(kmk)
    delete changed.preset
    changed.rule.bands = (kmk.rule.bands ?? []).map((b) => (b.grade === '13' ? { ...b, from: 84 } : b))
    api.on('PUT /config', json(200, version(4, changed)))
    const { replace, save } = setup()
    await replace('ab Prozent der Zeile 3', '84')
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.headers.get('If-Match')).toBe('"3"')
    expect(put?.body).toEqual(changed)
    expect(screen.getByText(/Bearbeitet wird Version 4/)).toBeInTheDocument()
  })

  it("places the server's 422 paths at the band they name, the rest above the form", async () => {
    api.on(
      'PUT /config',
      apiError(422, 'validation_failed', 'Die Konfiguration ist ungültig.', {
        fields: {
          'rule.bands.3.from': 'Servermeldung zu 12.',
          'rule.bands.3.grade': 'Zur Note.',
          'rule.x': 'Anderes.',
        },
      }),
    )
    const { replace, save } = setup()
    await replace('Name', 'Neu')
    await save()
    expect(
      await screen.findByText('Nicht gespeichert: Bitte die markierten Felder prüfen.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'ab Prozent der Zeile 4' })).toHaveAccessibleDescription(
      'Servermeldung zu 12.',
    )
    expect(screen.getByRole('combobox', { name: 'Note der Zeile 4' })).toHaveAccessibleDescription(
      'Zur Note.',
    )
    expect(screen.getByRole('alert')).toHaveTextContent('rule.x: Anderes.')
  })

  it('keeps the edits on a 412 and offers the version that won', async () => {
    const theirs = { ...version(4, { ...kmk, name: 'Kollegium' }), savedBy: 'kollege@schule.de' }
    api.on('PUT /config', apiError(412, 'config_conflict', 'Jemand anderes.', { current: theirs }))
    const { user, replace, save } = setup()
    await replace('Name', 'Meins')
    await save()
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('Jemand anderes hat inzwischen Version 4 gespeichert.')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Meins')
    await user.click(within(notice).getByRole('button', { name: 'Neuere Version laden' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Kollegium')
  })

  it('edits the Swiss formula: step, midpoint and the pass mark "4 ab X %"', async () => {
    api.on('PUT /config', json(200, version(4, swiss)))
    const { user, replace, save } = setup(version(3, swiss))
    expect(screen.getByRole('combobox', { name: 'Gerundet auf' })).toHaveValue('0.25')
    await replace('Note 4 ab', '100')
    await save()
    expect(screen.getByRole('textbox', { name: 'Note 4 ab' })).toHaveAccessibleDescription(
      expect.stringContaining(RULE_MESSAGES.pass) as string,
    )
    await replace('Note 4 ab', '55')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gerundet auf' }), '0.5')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Genau in der Mitte' }), 'down')
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({
      ...swiss,
      rule: { kind: 'formula', step: 0.5, midpoint: 'down', pass: 55 },
    })
  })
})
