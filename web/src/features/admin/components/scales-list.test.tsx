import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScaleSummary } from '@/lib/scales'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { ScalesList } from './scales-list'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const scales: ScaleSummary[] = [
  { slug: 'alt', name: 'Alt', version: 2, savedAt: '2026-11-20T10:00:00Z', default: false, archived: true },
  {
    slug: 'mathematik',
    name: 'Mathematik',
    version: 4,
    savedAt: '2026-11-22T10:00:00Z',
    default: false,
    archived: false,
  },
  {
    slug: 'standard',
    name: 'Standard',
    version: 7,
    savedAt: '2026-11-21T09:30:00Z',
    default: true,
    archived: false,
  },
]

function setup() {
  const user = userEvent.setup()
  const props = { reload: vi.fn(), onEdit: vi.fn(), onCreate: vi.fn() }
  renderFeature(<ScalesList scales={{ state: 'ready', data: scales }} editing="standard" {...props} />, {
    live: standardLiveConfig(7),
  })
  const item = (name: string) => {
    const found = screen
      .getAllByRole('listitem')
      .find((li) => within(li).queryAllByText(name, { exact: true }).length > 0)
    if (found === undefined) throw new Error(`no scale ${name}`)
    return found
  }
  return { user, item, ...props }
}

describe('ScalesList', () => {
  it('lists name, Kurzname, state and last change, with the actions each scale allows', () => {
    const { item } = setup()
    expect(item('Standard')).toHaveTextContent(/standard.*Voreingestellt.*21\.11\.2026.*Version 7/)
    expect(item('Alt')).toHaveTextContent('Archiviert')
    expect(item('Mathematik')).toHaveTextContent('Aktiv')
    expect(
      within(item('Standard')).queryByRole('button', { name: '„Standard“ archivieren' }),
    ).not.toBeInTheDocument()
    // instead, why not and what to do
    expect(item('Standard')).toHaveTextContent(
      'Der voreingestellte Notenschlüssel lässt sich nicht archivieren',
    )
    expect(item('Mathematik')).not.toHaveTextContent('lässt sich nicht archivieren')
    expect(
      within(item('Standard')).queryByRole('button', { name: '„Standard“ voreinstellen' }),
    ).not.toBeInTheDocument()
    expect(within(item('Standard')).getByRole('button', { name: '„Standard“ bearbeiten' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(within(item('Alt')).getByRole('button', { name: '„Alt“ zurückholen' })).toBeInTheDocument()
    expect(within(item('Alt')).queryByRole('button', { name: '„Alt“ voreinstellen' })).not.toBeInTheDocument()
  })

  it('archives after asking, makes a scale the default after asking, brings one back at once', async () => {
    const { user, reload, onEdit } = setup()
    api.on('PATCH /scales/mathematik', (call) => json(200, { ...scales[1], ...(call.body as object) }))
    api.on('PATCH /scales/alt', json(200, { ...scales[0], archived: false }))

    await user.click(screen.getByRole('button', { name: '„Mathematik“ archivieren' }))
    const ask = screen.getByRole('dialog', { name: '„Mathematik“ archivieren?' })
    expect(api.callsTo('PATCH /scales/mathematik')).toHaveLength(0)
    await user.click(within(ask).getByRole('button', { name: 'Archivieren' }))
    expect(await screen.findByText('„Mathematik“ ist archiviert.')).toBeInTheDocument()
    expect(api.callsTo('PATCH /scales/mathematik')[0]?.body).toEqual({ archived: true })

    await user.click(screen.getByRole('button', { name: '„Mathematik“ voreinstellen' }))
    await user.click(
      within(screen.getByRole('dialog', { name: '„Mathematik“ voreinstellen?' })).getByRole('button', {
        name: 'Voreinstellen',
      }),
    )
    expect(await screen.findByText('„Mathematik“ ist jetzt voreingestellt.')).toBeInTheDocument()
    expect(api.callsTo('PATCH /scales/mathematik')[1]?.body).toEqual({ default: true })

    await user.click(screen.getByRole('button', { name: '„Alt“ zurückholen' }))
    expect(await screen.findByText('„Alt“ ist wieder aktiv.')).toBeInTheDocument()
    expect(api.callsTo('PATCH /scales/alt')[0]?.body).toEqual({ archived: false })
    expect(reload).toHaveBeenCalledTimes(3)

    await user.click(screen.getByRole('button', { name: '„Mathematik“ bearbeiten' }))
    expect(onEdit).toHaveBeenCalledWith('mathematik')
  })

  it("shows the server's refusal", async () => {
    const { user } = setup()
    api.on(
      'PATCH /scales/mathematik',
      apiError(409, 'scale_archived', 'Ein archivierter Notenschlüssel kann nicht voreingestellt werden.'),
    )
    await user.click(screen.getByRole('button', { name: '„Mathematik“ voreinstellen' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Voreinstellen' }))
    expect(
      await screen.findByText(
        'Nicht geändert: Ein archivierter Notenschlüssel kann nicht voreingestellt werden.',
      ),
    ).toBeInTheDocument()
  })
})
