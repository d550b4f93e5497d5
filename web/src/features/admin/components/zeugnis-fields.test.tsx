import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { type LiveConfig, type ScaleDocument } from '@/lib/config'
import { writeDocument } from '@/lib/write-document'
import { STEP_NAMES, TENDENCY_NAMES } from '@/lib/zeugnis'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig, documentOf } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { MESSAGES } from '../config-validation'
import { ConfigEditor } from './config-editor'

// The section "Zeugnisnote" of both editors: what the admin sets is what the PUT carries.

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const at = (n: number, config: ScaleDocument): LiveConfig => ({
  version: n,
  savedAt: '2026-11-22T13:00:00Z',
  savedBy: 'admin@schule.de',
  config,
})
// as the server sends them, and as the page reads them
const swissSent = {
  name: 'Schweiz',
  system: 'schweiz',
  rule: { kind: 'formula', step: 0.25, midpoint: 'up' },
}
const pointsSent = {
  name: 'Oberstufe',
  system: 'notenpunkte',
  rule: { kind: 'table', percentage: 'exact', bands: [{ grade: '15', from: 95 }, { grade: '0' }] },
}
const swiss = documentOf(swissSent)
const points = documentOf(pointsSent)

function setup(live: LiveConfig) {
  const user = userEvent.setup()
  renderFeature(<ConfigEditor />, { live })
  const save = () => user.click(screen.getByRole('button', { name: 'Speichern' }))
  return { user, save }
}

describe('ZeugnisFields', () => {
  it('saves the tendency, the rounding and a preset of categories with the original document', async () => {
    const live = standardLiveConfig(3)
    const settings = {
      tendency: '0,25',
      rounding: 'worse' as const,
      categories: [
        { name: 'schriftlich', weight: '2' },
        { name: 'mündlich', weight: '1' },
      ],
    }
    api.on('PUT /config', json(200, { ...at(4, { ...live.config, zeugnis: settings }) }))
    const { user, save } = setup(live)
    expect(screen.getByRole('radio', { name: 'zur besseren Note (Voreinstellung)' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'zur schlechteren Note' })).toHaveAccessibleDescription(
      'Liegt der Durchschnitt genau zwischen zwei Noten, gilt die schlechtere: 2,50 wird 3.',
    )
    expect(screen.queryByRole('combobox', { name: 'Schrittweite des Vorschlags' })).toBeNull()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wert von + und −' }), '0,25')
    await user.click(screen.getByRole('radio', { name: 'zur schlechteren Note' }))
    await user.click(screen.getByRole('button', { name: 'schriftlich 2 : mündlich 1' }))
    expect(screen.getByRole('textbox', { name: 'Kategorie 2' })).toHaveValue('mündlich')
    await save()

    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({ ...writeDocument(live.config), zeugnis: settings })
    expect(screen.getByRole('combobox', { name: 'Wert von + und −' })).toHaveValue('0,25')
  })

  it('shows the German messages at a category and sends nothing', async () => {
    const { user, save } = setup(standardLiveConfig(3))
    await user.click(screen.getByRole('button', { name: 'Kategorie hinzufügen' }))
    await user.click(screen.getByRole('button', { name: 'Kategorie hinzufügen' }))
    const first = screen.getByRole('textbox', { name: 'Kategorie 1' })
    const second = screen.getByRole('textbox', { name: 'Kategorie 2' })
    await user.type(first, 'mündlich')
    await user.type(second, ' mündlich ')
    const [weight] = screen.getAllByRole('textbox', { name: 'Gewicht' })
    if (weight === undefined) throw new Error('no weight field')
    await user.clear(weight)
    await user.type(weight, '0')
    await save()

    expect(second).toHaveAccessibleDescription(MESSAGES.categoryTwice)
    expect(weight).toHaveAccessibleDescription(MESSAGES.weight)
    expect(api.callsTo('PUT /config')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Kategorie 2 „mündlich“ entfernen' }))
    expect(screen.queryByRole('textbox', { name: 'Kategorie 2' })).toBeNull()
  })

  it('after removing a category the focus goes to the row that took its place, or to „Kategorie hinzufügen“', async () => {
    const { user } = setup(standardLiveConfig(3))
    const add = screen.getByRole('button', { name: 'Kategorie hinzufügen' })
    await user.click(add)
    await user.click(add)
    await user.type(screen.getByRole('textbox', { name: 'Kategorie 1' }), 'schriftlich')
    await user.type(screen.getByRole('textbox', { name: 'Kategorie 2' }), 'mündlich')
    screen.getByRole('button', { name: 'Kategorie 1 „schriftlich“ entfernen' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('textbox', { name: 'Kategorie 1' })).toHaveValue('mündlich')
    expect(screen.getByRole('textbox', { name: 'Kategorie 1' })).toHaveFocus()
    screen.getByRole('button', { name: 'Kategorie 1 „mündlich“ entfernen' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('textbox', { name: 'Kategorie 1' })).toBeNull()
    expect(add).toHaveFocus()
  })

  it("offers the rule's tendencies and steps, as lib/zeugnis.ts names them, and no others", () => {
    const values = (name: string) =>
      Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option'), (o) => o.value)
    setup(standardLiveConfig(3))
    expect(values('Wert von + und −')).toEqual(TENDENCY_NAMES)
    expect(TENDENCY_NAMES).toEqual(['0,3', '0,25', '1/3'])
  })

  it('offers the Swiss steps as lib/zeugnis.ts names them', () => {
    setup(at(3, swiss))
    const options = screen
      .getByRole('combobox', { name: 'Schrittweite des Vorschlags' })
      .querySelectorAll('option')
    expect(Array.from(options, (o) => o.value)).toEqual(STEP_NAMES)
    expect(STEP_NAMES).toEqual(['0,5', '1', '0,1'])
  })

  it('offers the step for Swiss grades only, and no tendency there or under Notenpunkte', async () => {
    api.on('PUT /config', json(200, at(4, { ...swiss, zeugnis: { step: '0,1' } })))
    const { user, save } = setup(at(3, swiss))
    expect(screen.queryByRole('combobox', { name: 'Wert von + und −' })).toBeNull()
    expect(
      screen.getByRole('radio', { name: 'zur besseren Note (Voreinstellung)' }),
    ).toHaveAccessibleDescription(
      'Liegt der Durchschnitt genau zwischen zwei Noten, gilt die bessere: 4,25 wird 4,5.',
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schrittweite des Vorschlags' }), '0,1')
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({ ...swissSent, zeugnis: { step: '0,1' } })
  })

  it("places the server's 422 paths of the settings at their fields", async () => {
    api.on(
      'PUT /config',
      apiError(422, 'validation_failed', 'Die Konfiguration ist ungültig.', {
        fields: { 'zeugnis.categories.0.weight': 'Servermeldung zum Gewicht.' },
      }),
    )
    const { user, save } = setup(at(3, points))
    expect(screen.queryByRole('combobox', { name: 'Wert von + und −' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Schrittweite des Vorschlags' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '50 : 50' }))
    await save()
    expect(
      await screen.findByText('Nicht gespeichert: Bitte die markierten Felder prüfen.'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: 'Gewicht' })[0]).toHaveAccessibleDescription(
      'Servermeldung zum Gewicht.',
    )
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({
      ...pointsSent,
      zeugnis: {
        categories: [
          { name: 'schriftlich', weight: '1' },
          { name: 'mündlich', weight: '1' },
        ],
      },
    })
  })
})
