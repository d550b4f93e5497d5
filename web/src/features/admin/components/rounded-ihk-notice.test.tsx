import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfig, RuleDocument } from '@/lib/config'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { ConfigEditor } from './config-editor'

// The presets as GET /api/v1/presets gives them, their rules from testdata/grading/presets.json.
const vectors = join(import.meta.dirname, '../../../../../testdata/grading')
const { presets } = JSON.parse(readFileSync(join(vectors, 'presets.json'), 'utf8')) as {
  presets: { id: string; system: string; rule: RuleDocument['rule']; earlier?: RuleDocument['rule'] }[]
}
const vector = (id: string) => {
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id}`)
  return p
}
const NAMES: Record<string, string> = { ihk: 'IHK', 'ihk-dezimal': 'IHK-Dezimalnoten' }
const presetDoc = (id: string): RuleDocument => {
  const p = vector(id)
  return { name: NAMES[id] ?? id, system: p.system, preset: id, rule: p.rule }
}
const asPreset = (id: string) => ({
  id,
  name: NAMES[id] ?? id,
  system: vector(id).system,
  source: 'Q',
  region: 'R',
  schoolType: 'S',
  config: presetDoc(id),
})

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on(
      'GET /presets',
      json(200, { presets: ['ihk', 'ihk-dezimal', 'kmk-oberstufe-aufrunden'].map(asPreset) }),
    )
})

/** A version as the app reads it; `config` is a document as the server writes it. */
const live = (config: RuleDocument): LiveConfig => ({
  ...standardLiveConfig(5),
  savedBy: 'a@schule.de',
  config: documentOf(config),
})
/** A scale stored from the preset by an earlier release: the server loads it naming no preset. */
const earlier = (id: string): RuleDocument => {
  const { system, earlier: rule } = vector(id)
  if (rule === undefined) throw new Error(`${id} had no earlier rule`)
  return { name: 'Abschlussprüfung', system, rule }
}

describe('a table rounded like the earlier IHK presets', () => {
  it('says where the IHK key grades otherwise and replaces it with the preset as a new version', async () => {
    api.on('PUT /config', json(200, { ...live(presetDoc('ihk')), version: 6 }))
    const user = userEvent.setup()
    renderFeature(<ConfigEditor />, { live: live(earlier('ihk')) })
    const notice = (await screen.findByText(/frühere Vorlage „IHK“/)).closest('[role="status"]')
    expect(notice).toHaveTextContent('91,5 %: 1 statt 2')
    expect(notice).toHaveTextContent('49,5 %: 4 statt 5')
    expect(notice).toHaveTextContent('ohne Rundung')
    await user.click(screen.getByRole('button', { name: 'Durch die Vorlage ersetzen' }))
    expect(await screen.findByText(/Gespeichert: Version 6/)).toBeInTheDocument()
    const [put] = api.callsTo('PUT /config')
    expect(put?.headers.get('If-Match')).toBe('"5"')
    expect(put?.body).toEqual(presetDoc('ihk'))
  })

  it('names the one difference of the decimal key: 49,5 fails', async () => {
    renderFeature(<ConfigEditor />, { live: live(earlier('ihk-dezimal')) })
    const notice = (await screen.findByText(/frühere Vorlage „IHK-Dezimalnoten“/)).closest('[role="status"]')
    expect(notice).toHaveTextContent('Die Vorlage gibt deshalb andere Noten: 49,5 %: 4,4 statt 4,5.')
  })

  it('says nothing about the presets themselves nor about a rounded key of another system', async () => {
    for (const doc of [presetDoc('ihk'), presetDoc('ihk-dezimal'), presetDoc('kmk-oberstufe-aufrunden')]) {
      const { unmount } = renderFeature(<ConfigEditor />, { live: live(doc) })
      expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue(doc.name)
      expect(screen.queryByText(/frühere Vorlage/)).not.toBeInTheDocument()
      unmount()
    }
  })
})
