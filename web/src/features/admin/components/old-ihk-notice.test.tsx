import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig } from '@/lib/config'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig, documentOf } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { OLD_IHK } from '../old-ihk'
import { ConfigEditor } from './config-editor'

let api: FakeApi

// The server's `ihk` preset (internal/grading/presets.go) as GET /api/v1/presets gives it.
const IHK = {
  name: 'IHK',
  system: 'noten',
  preset: 'ihk',
  rule: {
    kind: 'table',
    percentage: 'exact',
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
const preset = (id: string, config: unknown) => ({
  id,
  name: id,
  system: 'noten',
  source: 'Q',
  region: 'R',
  schoolType: 'S',
  config,
})

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on(
      'GET /presets',
      json(200, { presets: [preset('standard', standardLiveConfig().config), preset('ihk', IHK)] }),
    )
})

const live = (config: LiveConfig['config']): LiveConfig => ({
  ...standardLiveConfig(5),
  savedBy: 'a@schule.de',
  config,
})

describe('the old "IHK" preset', () => {
  it('says what differs from the IHK key and replaces it with the ihk preset as a new version', async () => {
    api.on('PUT /config', json(200, { ...live(documentOf(IHK)), version: 6 }))
    const user = userEvent.setup()
    renderFeature(<ConfigEditor />, { live: live({ ...OLD_IHK, name: 'Abschlussprüfung' }) })
    const notice = await screen.findByText(/92 %: 2\+ statt 1/)
    expect(notice).toHaveTextContent('50 %: 5+ statt 4')
    await user.click(screen.getByRole('button', { name: 'Durch den IHK-Schlüssel ersetzen' }))
    expect(await screen.findByText(/Gespeichert: Version 6/)).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.headers.get('If-Match')).toBe('"5"')
    expect(put?.body).toEqual(IHK)
  })

  it('says nothing about a scale whose bounds differ from it', () => {
    const changed = structuredClone(OLD_IHK)
    changed.rule.grades['1'].min = 91
    changed.rule.grades['2'].max = 91
    renderFeature(<ConfigEditor />, { live: live(changed) })
    expect(screen.queryByText(/alte Vorlage „IHK“/)).not.toBeInTheDocument()
    renderFeature(<ConfigEditor />, { live: live(standardLiveConfig().config) })
    expect(screen.queryByText(/alte Vorlage „IHK“/)).not.toBeInTheDocument()
  })
})
