import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig } from '@/lib/config'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { ConfigHistory } from './config-history'

let api: FakeApi

const versions = [
  { version: 3, savedAt: '2026-11-22T12:00:00Z', savedBy: 'admin@schule.de', name: 'Oberstufe' },
  { version: 2, savedAt: '2026-11-21T08:15:00Z', savedBy: 'cli', name: 'Import' },
  { version: 1, savedAt: '2026-11-20T07:00:00Z', savedBy: 'system', name: 'Standard' },
]

/** Version 2 as stored: the standard with the boundary between grade 1 and 2 at 90. */
function strict(): LiveConfig {
  const live = standardLiveConfig(2)
  const config = structuredClone(live.config)
  config.name = 'Import'
  config.rule.grades['1'].min = 90
  config.rule.grades['2'].max = 90
  return { ...live, savedBy: 'cli', config }
}

const rowOf = (table: HTMLElement, grade: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name: grade }) !== null)

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

describe('ConfigHistory', () => {
  it('lists every version with when and by whom; the current one cannot be restored', async () => {
    api.on('GET /config/history', json(200, { versions }))
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    const list = await screen.findByRole('list', { name: 'Gespeicherte Versionen' })
    const items = within(list).getAllByRole('listitem') // the column header is hidden from assistive technology
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent(/Version 3.*Oberstufe.*22\.11\.2026, 12:00.*admin@schule\.de.*Aktuell/)
    expect(items[1]).toHaveTextContent(/Version 2.*Import.*21\.11\.2026, 08:15.*Kommandozeile/)
    expect(items[2]).toHaveTextContent(/Version 1.*Standard.*System/)
    expect(screen.queryByRole('button', { name: 'Version 3 wiederherstellen' })).not.toBeInTheDocument()
  })

  it('restores after asking, says which new version it became, and reads the list again', async () => {
    api.once('GET /config/history', json(200, { versions }))
    api.on(
      'GET /config/history',
      json(200, { versions: [{ ...versions[2], version: 4, savedBy: 'admin@schule.de' }, ...versions] }),
    )
    api.on(
      'POST /config/history/1/restore',
      json(200, { ...standardLiveConfig(4), savedBy: 'admin@schule.de' }),
    )
    const user = userEvent.setup()
    const { pushLive } = renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })

    await user.click(await screen.findByRole('button', { name: 'Version 1 wiederherstellen' }))
    const dialog = screen.getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    expect(api.callsTo('POST /config/history/1/restore')).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Wiederherstellen' }))
    expect(await screen.findByText('Version 1 als Version 4 wiederhergestellt.')).toBeInTheDocument()
    expect(api.callsTo('POST /config/history/1/restore')).toHaveLength(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    pushLive(standardLiveConfig(4))
    expect(await screen.findByText('Version 4')).toBeInTheDocument()
    expect(api.callsTo('GET /config/history').length).toBeGreaterThanOrEqual(2)
    // the focus goes to the version the restore made, not to another version's button
    await waitFor(() => {
      expect(screen.getByText('Version 4')).toHaveFocus()
    })
  })

  it('loads older versions page by page while the server has more', async () => {
    api.on('GET /config/history', json(200, { versions: versions.slice(0, 1), nextBefore: 3 }))
    api.on('GET /config/history?before=3', json(200, { versions: versions.slice(1, 2), nextBefore: 2 }))
    api.on('GET /config/history?before=2', json(200, { versions: versions.slice(2) }))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    const list = await screen.findByRole('list', { name: 'Gespeicherte Versionen' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Ältere Versionen laden' }))
    expect(await within(list).findByText('Version 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ältere Versionen laden' }))
    expect(await within(list).findByText('Version 1')).toBeInTheDocument()
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Ältere Versionen laden' })).not.toBeInTheDocument()
  })

  it('does nothing when the question is cancelled', async () => {
    api.on('GET /config/history', json(200, { versions }))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    await user.click(await screen.findByRole('button', { name: 'Version 2 wiederherstellen' }))
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('reads the list again when the live version changes', async () => {
    api.on('GET /config/history', json(200, { versions }))
    const { pushLive } = renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    await screen.findByRole('list', { name: 'Gespeicherte Versionen' })
    expect(api.callsTo('GET /config/history')).toHaveLength(1)
    pushLive(standardLiveConfig(4))
    await screen.findByRole('list', { name: 'Gespeicherte Versionen' })
    expect(api.callsTo('GET /config/history')).toHaveLength(2)
  })

  it('opens a version: its 16 bands and, in words, what differs from the current version', async () => {
    api.on('GET /config/history', json(200, { versions }))
    api.on('GET /config/history/2', json(200, strict()))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    const open = await screen.findByRole('button', { name: 'Version 2 ansehen' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')

    const panel = await screen.findByRole('region', { name: 'Version 2' })
    const changes = await within(panel).findByRole('list', { name: 'Unterschiede zur aktuellen Version 3' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Name: aktuell „Standard“ →, Version 2: „Import“',
      'Grenze zwischen Note 1 und 2: aktuell 85 % →, Version 2: 90 %',
    ])
    const table = within(panel).getByRole('table', { name: 'Prozentbereiche in Version 2' })
    expect(within(table).getAllByRole('row')).toHaveLength(17) // the header and 16 bands
    expect(rowOf(table, '1-')).toHaveTextContent('1-über 90 bis 93,333über 85 bis 89,9995')
    expect(rowOf(table, '2+')).not.toHaveTextContent('gleich')
    expect(rowOf(table, '3')).toHaveTextContent('gleich')
    expect(rowOf(table, '6')).toHaveTextContent('6bis 10gleich')

    await user.click(open)
    expect(screen.queryByRole('region', { name: 'Version 2' })).not.toBeInTheDocument()
    expect(api.callsTo('GET /config/history/2')).toHaveLength(1)
    await user.click(open) // a stored version never changes: read once
    expect(await screen.findByRole('region', { name: 'Version 2' })).toBeInTheDocument()
    expect(api.callsTo('GET /config/history/2')).toHaveLength(1)
  })

  it('says so when the opened version is the current one', async () => {
    api.on('GET /config/history', json(200, { versions }))
    api.on('GET /config/history/3', json(200, standardLiveConfig(3)))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    await user.click(await screen.findByRole('button', { name: 'Version 3 ansehen' }))
    const panel = await screen.findByRole('region', { name: 'Version 3' })
    expect(await within(panel).findByText(/Das ist die aktuelle Version/)).toBeInTheDocument()
    expect(within(panel).getAllByRole('row')).toHaveLength(17)
    expect(within(panel).queryByText('gleich')).not.toBeInTheDocument()
  })

  it('shows the same comparison in the restore dialog, before anything is saved', async () => {
    api.on('GET /config/history', json(200, { versions }))
    api.on('GET /config/history/2', json(200, strict()))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    await user.click(await screen.findByRole('button', { name: 'Version 2 wiederherstellen' }))
    const dialog = screen.getByRole('dialog', { name: 'Version 2 wiederherstellen?' })
    const changes = await within(dialog).findByRole('list', { name: 'Unterschiede zur aktuellen Version 3' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Name: aktuell „Standard“ →, Version 2: „Import“',
      'Grenze zwischen Note 1 und 2: aktuell 85 % →, Version 2: 90 %',
    ])
    const table = within(dialog).getByRole('table', { name: 'Geänderte Prozentbereiche' })
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['1', '1-', '2+', '2', '2-'])
    expect(within(dialog).getByText('Die übrigen 11 Bereiche bleiben gleich.')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('offers to try again when a version cannot be read', async () => {
    api.on('GET /config/history', json(200, { versions }))
    api.once('GET /config/history/2', json(500, { error: { code: 'internal', message: 'Interner Fehler.' } }))
    api.on('GET /config/history/2', json(200, strict()))
    const user = userEvent.setup()
    renderFeature(<ConfigHistory />, { live: standardLiveConfig(3) })
    await user.click(await screen.findByRole('button', { name: 'Version 2 ansehen' }))
    const panel = await screen.findByRole('region', { name: 'Version 2' })
    expect(await within(panel).findByText(/Die Version konnte nicht geladen werden/)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Erneut versuchen' }))
    expect(
      await within(panel).findByRole('table', { name: 'Prozentbereiche in Version 2' }),
    ).toBeInTheDocument()
  })
})
