import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig, RuleDocument } from '@/lib/config'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { documentOf } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { diffRows, diffSettings } from '../version-diff'
import { ConfigHistory } from './config-history'

const table = (bands: [string, number?][], percentage = 'exact', system = 'noten'): RuleDocument => ({
  name: 'Physik',
  system,
  rule: {
    kind: 'table',
    percentage,
    bands: bands.map(([grade, from]) => (from === undefined ? { grade } : { grade, from })),
  },
})
// version 2: five bands, rounded; version 3 (current): a 5 band added, 2 moved, exact percentage
const older = table([['1', 90], ['2', 80], ['3', 65], ['4', 50], ['6']], 'round')
const now = table([['1', 90], ['2', 75], ['3', 65], ['4', 50], ['5', 25], ['6']])
const live = (version: number, config: RuleDocument): LiveConfig => ({
  version,
  savedAt: '2026-11-22T12:00:00Z',
  savedBy: 'admin@schule.de',
  config: documentOf(config),
})
const versions = [3, 2].map((version) => ({
  version,
  savedAt: '2026-11-22T12:00:00Z',
  savedBy: 'admin@schule.de',
  name: 'Physik',
}))

beforeEach(() => {
  FakeBroadcastChannel.install()
  new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on('GET /config/history', json(200, { versions }))
    .on('GET /config/history/2', json(200, live(2, older)))
})

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

describe('a version of a rule document beside the current one', () => {
  it('shows both tables side by side, marks the rows that differ in words, and says what else differs', async () => {
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: live(3, now) })
    await user.click(await screen.findByRole('button', { name: 'Version 2 ansehen' }))
    const panel = await screen.findByRole('region', { name: 'Version 2' })
    const changes = await within(panel).findByRole('list', { name: 'Unterschiede zur aktuellen Version 3' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Verglichen wird der Prozentwert: aktuell genau →, Version 2: auf ganze Prozent gerundet'])
    const grid = within(panel).getByRole('table', { name: 'Version 2 neben der aktuellen Version' })
    const rows = within(grid).getAllByRole('row').slice(2) // two header rows
    expect(rows.map(cells)).toEqual([
      ['gleich', '1', 'ab 90 %', '1', 'ab 90 %'],
      ['≠geändert', '2', 'ab 80 %', '2', 'ab 75 %'],
      ['gleich', '3', 'ab 65 %', '3', 'ab 65 %'],
      ['gleich', '4', 'ab 50 %', '4', 'ab 50 %'],
      ['≠geändert', 'fehlt', '5', 'ab 25 %'],
      ['gleich', '6', 'darunter', '6', 'darunter'],
    ])
  })

  it('shows only the changed rows in the restore dialog', async () => {
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: live(3, now) })
    await user.click(await screen.findByRole('button', { name: 'Version 2 wiederherstellen' }))
    const dialog = screen.getByRole('dialog', { name: 'Version 2 wiederherstellen?' })
    const grid = await within(dialog).findByRole('table', { name: 'Geänderte Zeilen' })
    expect(within(grid).getAllByRole('row')).toHaveLength(4) // two header rows, 2 and 5
    expect(within(dialog).getByText('Die übrigen 4 Zeilen bleiben gleich.')).toBeInTheDocument()
  })
})

describe('diffSettings and diffRows', () => {
  it('matches the rows of two systems by place and names system and rule in words', () => {
    const swiss: RuleDocument = {
      name: 'Physik',
      system: 'schweiz',
      rule: { kind: 'formula', step: 1, midpoint: 'up' },
    }
    const [a, b] = [documentOf(swiss), documentOf(now)]
    const diff = { settings: diffSettings(a, b), rows: diffRows(a, b) }
    expect(diff.settings.filter((s) => s.changed).map((s) => [s.label, s.version, s.current])).toEqual([
      ['Notensystem', 'Schweizer Noten 6 bis 1', 'Noten 1 bis 6'],
      ['Regel', 'Schweizer Formel', 'Tabelle „ab“'],
      ['Verglichen wird der Prozentwert', 'entfällt', 'genau'],
      ['Gerundet auf', 'Ganze', 'entfällt'],
      ['Genau in der Mitte', 'aufrunden', 'entfällt'],
      ['Note 4 ab', 'keine (4 bei 60 %)', 'entfällt'],
    ])
    expect(diff.rows[0]).toEqual({
      version: { label: '6', bound: 'ab 90 %' },
      current: { label: '1', bound: 'ab 90 %' },
      changed: true,
    })
    expect(diff.rows).toHaveLength(6)
  })
})
