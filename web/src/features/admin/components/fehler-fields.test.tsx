import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { GradingConfig, LiveConfig, RuleDocument } from '@/lib/config'
import { FEHLER_SETTING_MESSAGES } from '@/lib/fehler-setting'
import { writeDocument } from '@/lib/write-document'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { ConfigEditor } from './config-editor'

// The section „Sprachrichtigkeit (Fehlerquotient)“ of both editors: the scale's conversion, saved with the
// scale as a new version, checked in the browser with the server's messages.

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const notenpunkte: RuleDocument = {
  name: 'Deutsch',
  system: 'notenpunkte',
  rule: { kind: 'table', percentage: 'exact', bands: [{ grade: '15', from: 95 }, { grade: '0' }] },
}
const version = (n: number, config: RuleDocument): LiveConfig => ({
  version: n,
  savedAt: '2026-11-22T13:00:00Z',
  savedBy: 'admin@schule.de',
  config: documentOf(config),
})

function setup(live: LiveConfig) {
  const user = userEvent.setup()
  const view = renderFeature(<ConfigEditor />, { live })
  const field = (name: string) => screen.getByRole('textbox', { name })
  const replace = async (name: string, text: string) => {
    await user.clear(field(name))
    if (text !== '') await user.type(field(name), text)
  }
  const save = () => user.click(screen.getByRole('button', { name: 'Speichern' }))
  return { user, ...view, field, replace, save }
}

describe('the section Sprachrichtigkeit (Fehlerquotient)', () => {
  it('offers none, the published rule with its source, or an own rule; none is chosen without a member', () => {
    setup(standardLiveConfig(3))
    expect(screen.getByRole('heading', { name: 'Sprachrichtigkeit (Fehlerquotient)' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'keine Umrechnung' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Hessen, gymnasiale Oberstufe' })).toHaveAccessibleDescription(
      'Quelle: Oberstufen- und Abiturverordnung (OAVO), Anlage 9; ab 3: 1 Notenpunkt, ab 6: 2 Notenpunkte; höchstens 2 Notenpunkte.',
    )
    expect(screen.queryByRole('textbox', { name: 'Name der Regel' })).not.toBeInTheDocument()
  })

  it('saves the published rule with the scale of the original shape, as a new version', async () => {
    const saved = standardLiveConfig(4)
    saved.config = { ...saved.config, fehlerquotient: { preset: 'hessen-oberstufe' } }
    api.on('PUT /config', json(200, saved))
    const { user, save } = setup(standardLiveConfig(3))
    await user.click(screen.getByRole('radio', { name: 'Hessen, gymnasiale Oberstufe' }))
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.body).toEqual({
      ...(writeDocument(standardLiveConfig(3).config) as GradingConfig),
      fehlerquotient: { preset: 'hessen-oberstufe' },
    })
    expect(screen.getByRole('radio', { name: 'Hessen, gymnasiale Oberstufe' })).toBeChecked()
  })

  it("checks the school's own rule with the server's messages and saves it canonical, in thirds", async () => {
    const own = {
      name: 'Deutsch Sek I',
      unit: 'drittel' as const,
      steps: [
        { from: '3,5', deduction: 1 },
        { from: '6', deduction: 2 },
      ],
      max: 2,
      minWords: 100,
    }
    api.on('PUT /config', json(200, version(4, { ...notenpunkte, fehlerquotient: own })))
    const { user, field, replace, save } = setup(version(3, notenpunkte))
    await user.click(screen.getByRole('radio', { name: 'eigene Regel' }))
    await replace('Name der Regel', 'Deutsch Sek I')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Abzug in' }), 'Dritteln einer Note')
    await replace('Stufe 1: ab Fehlerquotient', '3.50')
    await replace('Stufe 1: Abzug', '1')
    await user.click(screen.getByRole('button', { name: 'Stufe hinzufügen' }))
    await replace('Stufe 2: ab Fehlerquotient', '3')
    await replace('Stufe 2: Abzug', '3')
    await replace('Höchster Abzug', '2')
    await replace('Mindestzahl der Wörter', '100')
    await save()
    expect(field('Stufe 2: ab Fehlerquotient')).toHaveAccessibleDescription(
      FEHLER_SETTING_MESSAGES.fehlerFromOrder,
    )
    expect(field('Stufe 2: Abzug')).toHaveAccessibleDescription(FEHLER_SETTING_MESSAGES.fehlerDeductionMax)
    expect(api.callsTo('PUT /config')).toHaveLength(0)

    await replace('Stufe 2: ab Fehlerquotient', '6')
    await replace('Stufe 2: Abzug', '2')
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.body).toEqual({ ...notenpunkte, fehlerquotient: own })
    expect(field('Stufe 1: ab Fehlerquotient')).toHaveValue('3,5')
  })

  it("fills Hessen's years 9/10 template, leaves the thresholds to the school and saves them once entered", async () => {
    const own = {
      name: 'Fehlerindex Klasse 9/10 (VOGSV)',
      unit: 'drittel' as const,
      steps: [
        { from: '3', deduction: 1 },
        { from: '6', deduction: 2 },
      ],
      max: 2,
      minWords: 100,
    }
    api.on('PUT /config', json(200, version(4, { ...notenpunkte, fehlerquotient: own })))
    const { user, field, replace, save } = setup(version(3, notenpunkte))
    await user.click(screen.getByRole('radio', { name: 'eigene Regel' }))
    await replace('Höchster Abzug', '5')
    const template = screen.getByRole('button', { name: 'Vorlage Hessen 9/10 einsetzen' })
    expect(template).toHaveAccessibleDescription(/höchstens ⅔ einer Note und erst ab 100 Wörtern/)
    await user.click(template)
    expect(field('Name der Regel')).toHaveValue(own.name)
    expect(screen.getByRole('combobox', { name: 'Abzug in' })).toHaveValue('drittel')
    expect(field('Höchster Abzug')).toHaveValue('2')
    expect(field('Mindestzahl der Wörter')).toHaveValue('100')
    expect(field('Stufe 1: ab Fehlerquotient')).toHaveFocus()
    expect(field('Stufe 1: ab Fehlerquotient')).toHaveValue('')
    expect(field('Stufe 1: Abzug')).toHaveValue('1')
    expect(field('Stufe 2: ab Fehlerquotient')).toHaveValue('')
    expect(field('Stufe 2: Abzug')).toHaveValue('2')
    expect(screen.queryByRole('textbox', { name: 'Stufe 3: ab Fehlerquotient' })).not.toBeInTheDocument()

    // no threshold is guessed: the scale is not saved until the school enters them
    await save()
    expect(field('Stufe 1: ab Fehlerquotient')).toHaveAccessibleDescription('Pflichtfeld.')
    expect(api.callsTo('PUT /config')).toHaveLength(0)

    await replace('Stufe 1: ab Fehlerquotient', '3')
    await replace('Stufe 2: ab Fehlerquotient', '6')
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({ ...notenpunkte, fehlerquotient: own })
  })

  it('shows a stored own rule in its fields and takes it away with „keine Umrechnung“', async () => {
    const own = {
      name: 'Englisch',
      unit: 'notenpunkte' as const,
      steps: [{ from: '4', deduction: 1 }],
      max: 1,
    }
    api.on('PUT /config', json(200, version(4, notenpunkte)))
    const { user, field, save } = setup(version(3, { ...notenpunkte, fehlerquotient: own }))
    expect(screen.getByRole('radio', { name: 'eigene Regel' })).toBeChecked()
    expect(field('Name der Regel')).toHaveValue('Englisch')
    expect(field('Stufe 1: ab Fehlerquotient')).toHaveValue('4')
    expect(field('Mindestzahl der Wörter')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Stufe 1 entfernen' })).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: 'keine Umrechnung' }))
    await save()
    expect(await screen.findByText('Gespeichert: Version 4.')).toBeInTheDocument()
    expect(api.callsTo('PUT /config')[0]?.body).toEqual(notenpunkte)
  })

  it("places the server's 422 paths of the member at its fields", async () => {
    api.on(
      'PUT /config',
      apiError(422, 'validation_failed', 'Die Konfiguration ist ungültig.', {
        fields: { 'fehlerquotient.preset': 'Servermeldung zur Regel.' },
      }),
    )
    const { user, save } = setup(version(3, notenpunkte))
    await user.click(screen.getByRole('radio', { name: 'Hessen, gymnasiale Oberstufe' }))
    await save()
    expect(await screen.findByText('Servermeldung zur Regel.')).toBeInTheDocument()
  })
})
