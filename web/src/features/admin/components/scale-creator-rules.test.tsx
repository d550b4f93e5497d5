import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScaleSummary } from '@/lib/scales'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { AB_MESSAGES } from '../knickpunkt-ab'
import { ScaleCreator } from './scale-creator'

let api: FakeApi

const kmk = {
  name: 'KMK Oberstufe',
  system: 'notenpunkte',
  preset: 'kmk-oberstufe',
  rule: { kind: 'table', percentage: 'exact', bands: [{ grade: '15', from: 95 }, { grade: '14' }] },
}
const presets = [
  {
    id: 'standard',
    name: 'Standard',
    system: 'noten-plus-minus',
    source: 'Notenrechner',
    region: 'Deutschland',
    schoolType: 'alle',
    config: standardLiveConfig().config,
  },
  {
    id: 'kmk-oberstufe',
    name: 'KMK Oberstufe',
    system: 'notenpunkte',
    source: 'KMK, Anlage 1',
    region: 'Deutschland',
    schoolType: 'gymnasiale Oberstufe',
    config: kmk,
  },
  {
    id: 'oesterreich',
    name: 'Österreich',
    system: 'oesterreich',
    source: 'LBVO § 14',
    region: 'Österreich',
    schoolType: 'Schule',
    config: { ...kmk, name: 'Österreich', system: 'oesterreich', preset: 'oesterreich' },
  },
]
const scales: ScaleSummary[] = [
  {
    slug: 'standard',
    name: 'Standard',
    version: 7,
    savedAt: '2026-11-21T09:30:00Z',
    default: true,
    archived: false,
  },
  {
    slug: 'schweiz',
    name: 'Schweiz',
    version: 2,
    savedAt: '2026-11-21T09:30:00Z',
    default: false,
    archived: false,
  },
]

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on('GET /presets', json(200, { presets }))
})

function setup() {
  const user = userEvent.setup()
  const onCreated = vi.fn()
  renderFeature(<ScaleCreator scales={scales} onCreated={onCreated} onCancel={() => undefined} />, {
    live: standardLiveConfig(7),
  })
  return { user, onCreated }
}
const created = { version: 1, savedAt: '2026-11-22T10:00:00Z', savedBy: 'admin@schule.de', config: kmk }

describe('ScaleCreator with the server presets and rule documents', () => {
  it('lists every preset grouped by system with its source, region and school type; creates with {slug, preset}', async () => {
    const { user, onCreated } = setup()
    const picker = await screen.findByRole('combobox', { name: 'Vorlage' })
    expect(within(picker).getByRole('group', { name: 'Notenpunkte 15 bis 0' })).toHaveTextContent(
      'KMK Oberstufe',
    )
    expect(within(picker).getByRole('group', { name: 'Österreichische Noten 1 bis 5' })).toHaveTextContent(
      'Österreich',
    )
    await user.selectOptions(picker, 'kmk-oberstufe')
    expect(screen.getByText('KMK, Anlage 1')).toBeInTheDocument()
    expect(screen.getByText('gymnasiale Oberstufe')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Kurzname' })).toHaveValue('kmk-oberstufe')
    await user.clear(screen.getByRole('textbox', { name: 'Kurzname' }))
    await user.type(screen.getByRole('textbox', { name: 'Kurzname' }), 'oberstufe')
    api.on('POST /scales', json(201, created))
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Notenschlüssel „KMK Oberstufe“ angelegt.')).toBeInTheDocument()
    expect(api.callsTo('POST /scales')[0]?.body).toEqual({ slug: 'oberstufe', preset: 'kmk-oberstufe' })
    expect(onCreated).toHaveBeenCalledWith('oberstufe')
  })

  it("shows the server's message at the Kurzname", async () => {
    const { user } = setup()
    await screen.findByRole('combobox', { name: 'Vorlage' })
    api.on(
      'POST /scales',
      apiError(409, 'scale_exists', 'Einen Notenschlüssel mit diesem Kurznamen gibt es schon.'),
    )
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(screen.getByRole('textbox', { name: 'Kurzname' })).toHaveAccessibleDescription(
      expect.stringContaining('Einen Notenschlüssel mit diesem Kurznamen gibt es schon.') as string,
    )
  })

  it('copies a rule scale as its document', async () => {
    const { user } = setup()
    const swiss = { name: 'Schweiz', system: 'schweiz', rule: { kind: 'formula', step: 0.5, midpoint: 'up' } }
    api.on('GET /scales/schweiz', json(200, { ...created, config: swiss }))
    api.on('POST /scales', json(201, { ...created, config: swiss }))
    await user.click(screen.getByRole('radio', { name: 'Kopie eines Notenschlüssels' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kopie von' }), 'schweiz')
    await user.click(screen.getByRole('button', { name: 'Formular füllen' }))
    expect(await screen.findByDisplayValue('Schweiz (Kopie)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    await screen.findByText('Notenschlüssel „Schweiz (Kopie)“ angelegt.')
    expect(api.callsTo('POST /scales')[0]?.body).toEqual({
      slug: 'schweiz-kopie',
      config: { ...swiss, name: 'Schweiz (Kopie)' },
    })
  })

  it('makes a table "ab" from the pass mark (Knickpunkt), Austria', async () => {
    const { user } = setup()
    api.on('POST /scales', json(201, created))
    await user.click(screen.getByRole('radio', { name: 'Nach Regel (Knickpunkt)' }))
    await user.click(screen.getByRole('radio', { name: 'Note 4 ab X % (Tabelle „ab“)' }))
    await user.type(screen.getByRole('textbox', { name: 'Note 4 ab' }), '100')
    await user.click(screen.getByRole('button', { name: 'Tabelle erzeugen' }))
    expect(screen.getByRole('textbox', { name: 'Note 4 ab' })).toHaveAccessibleDescription(
      expect.stringContaining(AB_MESSAGES.passMark) as string,
    )
    await user.clear(screen.getByRole('textbox', { name: 'Note 4 ab' }))
    await user.type(screen.getByRole('textbox', { name: 'Note 4 ab' }), '50')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notensystem' }), 'oesterreich')
    await user.click(screen.getByRole('button', { name: 'Tabelle erzeugen' }))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mathe AT')
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    await screen.findByText('Notenschlüssel „Mathe AT“ angelegt.')
    expect(api.callsTo('POST /scales')[0]?.body).toEqual({
      slug: 'mathe-at',
      config: {
        name: 'Mathe AT',
        system: 'oesterreich',
        rule: {
          kind: 'table',
          percentage: 'exact',
          bands: [
            { grade: '1', from: 88 },
            { grade: '2', from: 75 },
            { grade: '3', from: 63 },
            { grade: '4', from: 50 },
            { grade: '5' },
          ],
        },
      },
    })
  })
})
