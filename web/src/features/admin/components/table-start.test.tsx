import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveConfig, RuleDocument } from '@/lib/config'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig, documentOf } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { RULE_MESSAGES } from '../rule-form'
import { ConfigEditor } from './config-editor'
import { ScaleCreator } from './scale-creator'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on('GET /presets', json(200, { presets: [] }))
})

const grade = (row: number) => screen.getByRole('combobox', { name: `Note der Zeile ${String(row)}` })
const bound = (row: number) => screen.getByRole('textbox', { name: `ab Prozent der Zeile ${String(row)}` })
const rowCount = () => screen.queryAllByRole('combobox', { name: /^Note der Zeile/ }).length

function creator() {
  const user = userEvent.setup()
  renderFeature(<ScaleCreator scales={[]} onCreated={vi.fn()} onCancel={() => undefined} />, {
    live: standardLiveConfig(7),
  })
  return user
}

describe('a table "ab" typed from scratch', () => {
  it("starts with the system's grades, takes the admin's own rows and creates the table", async () => {
    const user = creator()
    await user.click(screen.getByRole('radio', { name: 'Eigene Tabelle „ab“' }))
    expect(rowCount()).toBe(6) // Noten 1 bis 6
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notensystem' }), 'oesterreich')
    expect(rowCount()).toBe(5)
    expect(grade(5)).toHaveValue('5')
    // three bands: 1, 4 and 5, typed over the rows the system started with
    await user.click(screen.getByRole('button', { name: 'Zeile 2 entfernen' }))
    expect(grade(2)).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Zeile 2 entfernen' }))
    await user.click(screen.getByRole('button', { name: 'Zeile 2 entfernen' }))
    expect(rowCount()).toBe(2)
    expect(screen.getByRole('button', { name: 'Zeile 2 entfernen' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Zeile hinzufügen' }))
    expect(grade(2)).toHaveFocus() // the new row goes above the last ("darunter")
    await user.keyboard('4')
    await user.type(bound(1), '85')
    await user.type(bound(2), '50')
    await user.click(screen.getByRole('button', { name: 'Tabelle übernehmen' }))
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(name).toHaveFocus() // the table is made: on to its name
    await user.type(name, 'Physik AT')
    api.on('POST /scales', json(201, version(1, ihk)))
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    await screen.findByText('Notenschlüssel „Physik AT“ angelegt.')
    expect(api.callsTo('POST /scales')[0]?.body).toEqual({
      slug: 'physik-at',
      config: {
        name: 'Physik AT',
        system: 'oesterreich',
        rule: {
          kind: 'table',
          percentage: 'exact',
          bands: [{ grade: '1', from: 85 }, { grade: '4', from: 50 }, { grade: '5' }],
        },
      },
    })
  })

  it("shows the validator's messages at every row and hands nothing on", async () => {
    const user = creator()
    await user.click(screen.getByRole('radio', { name: 'Eigene Tabelle „ab“' }))
    await user.clear(grade(2))
    await user.type(grade(2), '2+') // not a grade of Noten 1 bis 6
    await user.clear(grade(4))
    await user.type(grade(4), '1') // better than the 3 above it
    for (const [row, from] of [
      [1, '85'],
      [2, '85'],
      [3, '70'],
      [4, '40'],
      [5, '0'],
    ] as const)
      await user.type(bound(row), from)
    await user.click(screen.getByRole('button', { name: 'Tabelle übernehmen' }))
    expect(grade(2)).toHaveAccessibleDescription(RULE_MESSAGES.label)
    expect(grade(4)).toHaveAccessibleDescription(RULE_MESSAGES.labelOrder)
    expect(bound(2)).toHaveAccessibleDescription(RULE_MESSAGES.fromOrder.replace('{above}', '1'))
    expect(bound(5)).toHaveAccessibleDescription(RULE_MESSAGES.fromRange)
    expect(screen.queryByRole('textbox', { name: 'Kurzname' })).not.toBeInTheDocument()
  })
})

const ihk: RuleDocument = {
  name: 'IHK',
  system: 'noten',
  preset: 'ihk',
  rule: {
    kind: 'table',
    percentage: 'round',
    bands: [
      { grade: '1', from: 92 },
      { grade: '2', from: 81 },
      { grade: '3', from: 67 },
      { grade: '4', from: 50 },
      { grade: '5', from: 30 },
      { grade: '6' },
    ],
  },
}
const version = (n: number, config: RuleDocument): LiveConfig => ({
  version: n,
  savedAt: '2026-11-22T13:00:00Z',
  config: documentOf(config),
})

describe('the rule editor of a table', () => {
  it('changes grades, rows and the system; the saved document drops the preset', async () => {
    const user = userEvent.setup()
    renderFeature(<ConfigEditor />, { live: version(3, ihk) })
    expect(screen.getByRole('combobox', { name: 'Notensystem' })).toHaveValue('noten')
    await user.click(screen.getByRole('button', { name: 'Zeile 5 entfernen' }))
    // typed bounds stay when the system changes; the 6 is no grade of Austria
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notensystem' }), 'oesterreich')
    expect(rowCount()).toBe(5)
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(grade(5)).toHaveAccessibleDescription(RULE_MESSAGES.label)
    expect(api.callsTo('PUT /config')).toHaveLength(0)
    await user.clear(grade(5))
    await user.type(grade(5), '5')
    api.on('PUT /config', json(200, version(4, ihk)))
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    await screen.findByText('Gespeichert: Version 4.')
    expect(api.callsTo('PUT /config')[0]?.body).toEqual({
      name: 'IHK',
      system: 'oesterreich',
      rule: {
        kind: 'table',
        percentage: 'round',
        bands: [
          { grade: '1', from: 92 },
          { grade: '2', from: 81 },
          { grade: '3', from: 67 },
          { grade: '4', from: 50 },
          { grade: '5' },
        ],
      },
    })
  })
})
