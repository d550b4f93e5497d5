import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMemo } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScaleSummary } from '@/lib/scales'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { readAdjustedStart } from '../adjusted-start'
import { useAdjustedStart } from '../use-adjusted-start'
import { AdjustedCreator } from './adjusted-creator'

// A new scale from a key adjusted for one test: /admin?neu-aus=<the calculator's query>.

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const scales: ScaleSummary[] = [
  {
    slug: 'mathematik',
    name: 'Mathematik',
    version: 8,
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
const sent = {
  name: 'Mathematik',
  system: 'noten',
  rule: {
    kind: 'table',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: 50 },
      { grade: '5', from: 25 },
      { grade: '6' },
    ],
  },
  zeugnis: { rounding: 'worse' },
}
const version7 = {
  version: 7,
  savedAt: '2026-11-20T10:00:00Z',
  savedBy: 'admin@schule.de',
  config: documentOf(sent),
}

function Harness({ search, onCreated }: { search: string; onCreated: (slug: string) => void }) {
  const start = useMemo(() => readAdjustedStart(search), [search])
  const adjusted = useAdjustedStart(start, scales)
  return (
    <AdjustedCreator
      adjusted={adjusted}
      taken={['mathematik', 'standard']}
      onCreated={onCreated}
      onCancel={vi.fn()}
    />
  )
}

const search = (query: string) => `?neu-aus=${encodeURIComponent(query)}`

describe('AdjustedCreator', () => {
  it('fills in the adjusted document of the version the link names and saves it only on "Speichern"', async () => {
    api.on('GET /scales/mathematik/history/7', json(200, version7))
    api.on('POST /scales', json(201, { ...version7, version: 1 }))
    const onCreated = vi.fn()
    const user = userEvent.setup()
    renderFeature(
      <Harness search={search('?schluessel=Mathematik&stand=7&bestehen=45')} onCreated={onCreated} />,
      {
        live: standardLiveConfig(7),
      },
    )
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('Mathematik (angepasst: 4 ab 45 %)')
    expect(
      screen.getByText(
        /Aus „Mathematik“, Version 7, für eine Arbeit angepasst: 2 ab 79 % statt 80 %, 3 ab 62 % statt 65 %, 4 ab 45 % statt 50 %/,
      ),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /scales')).toHaveLength(0)

    await user.clear(screen.getByRole('textbox', { name: 'Kurzname' }))
    await user.type(screen.getByRole('textbox', { name: 'Kurzname' }), 'mathe-arbeit')
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(onCreated).toHaveBeenCalledWith('mathe-arbeit')
    const body = api.callsTo('POST /scales')[0]?.body as {
      slug: string
      config: { rule: { bands: unknown[] }; zeugnis: unknown }
    }
    expect(body.slug).toBe('mathe-arbeit')
    expect(body.config.rule.bands[3]).toEqual({ grade: '4', from: 45 })
    expect(body.config.zeugnis).toEqual({ rounding: 'worse' })
  })

  it("says why when the adjustment does not fit the school's key", async () => {
    api.on('GET /scales/mathematik/history/7', json(200, version7))
    renderFeature(
      <Harness search={search('?schluessel=mathematik&stand=7&rundung=0,25')} onCreated={vi.fn()} />,
      {
        live: standardLiveConfig(7),
      },
    )
    expect(await screen.findByText(/Nur der Schweizer Schlüssel wird gerundet\./)).toBeInTheDocument()
  })

  it('names a scale the link names that does not exist', () => {
    renderFeature(<Harness search={search('?schluessel=physik&bestehen=45')} onCreated={vi.fn()} />, {
      live: standardLiveConfig(7),
    })
    expect(screen.getByText('Den Notenschlüssel „physik“ gibt es nicht.')).toBeInTheDocument()
  })
})
