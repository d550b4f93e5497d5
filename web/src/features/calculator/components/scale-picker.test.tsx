import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfigState } from '@/lib/live-connection'
import { CHOICE_KEY, readScaleChoice, ScaleChoiceContext } from '@/lib/scale-choice'
import { FakeApi, json } from '@/test/fake-api'
import { standardLiveConfig } from '@/test/live-config'
import type { ScaleSummary } from '../api/scales'
import { ScalePicker } from './scale-picker'

const summary = (slug: string, name: string, extra: Partial<ScaleSummary> = {}): ScaleSummary => ({
  slug,
  name,
  version: 1,
  savedAt: '2026-11-22T10:00:00Z',
  default: false,
  archived: false,
  ...extra,
})
const STANDARD = summary('standard', 'Standard', { default: true })
const MATHE = summary('mathematik', 'Mathematik')

let api: FakeApi

beforeEach(() => {
  api = new FakeApi().install()
  localStorage.clear()
  window.history.replaceState(null, '', '/?gesamt=40&erreicht=31,5')
})
afterEach(() => {
  window.history.replaceState(null, '', '/')
})

/** The picker under a real choice state, as app/provider.tsx holds it; `live` is the chosen scale's. */
function renderPicker(live: LiveConfigState = { state: 'ready', data: standardLiveConfig() }) {
  const chosen: (string | null)[] = []
  function Harness() {
    const [slug, setSlug] = useState(readScaleChoice)
    const choose = (next: string | null) => {
      chosen.push(next)
      setSlug(next)
    }
    return (
      <ScaleChoiceContext value={{ slug, choose }}>
        <ScalePicker live={live} />
      </ScaleChoiceContext>
    )
  }
  render(<Harness />)
  return { chosen, user: userEvent.setup() }
}

describe('ScalePicker', () => {
  it('shows nothing while there is one scale: the page looks as before', async () => {
    api.on('GET /scales', json(200, { scales: [STANDARD] }))
    renderPicker()
    await act(() => new Promise((done) => setTimeout(done, 20))) // the list has arrived
    expect(api.callsTo('GET /scales')).toHaveLength(1)
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(window.location.search).toBe('?gesamt=40&erreicht=31,5')
  })

  it('offers the active scales; a choice goes into the address and this browser, the default clears it', async () => {
    api.on('GET /scales', json(200, { scales: [MATHE, summary('alt', 'Alt', { archived: true }), STANDARD] }))
    const { chosen, user } = renderPicker()
    const select = await screen.findByRole('combobox', { name: 'Notenschlüssel' })
    expect(select).toHaveValue('standard')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Mathematik',
      'Standard (Standard)',
    ])

    await user.selectOptions(select, 'mathematik')
    expect(chosen).toEqual(['mathematik'])
    expect(window.location.search).toBe('?schluessel=mathematik&gesamt=40&erreicht=31,5')
    expect(localStorage.getItem(CHOICE_KEY)).toBe('mathematik')

    await user.selectOptions(select, 'standard')
    expect(chosen).toEqual(['mathematik', null])
    expect(window.location.search).toBe('?gesamt=40&erreicht=31,5')
    expect(localStorage.getItem(CHOICE_KEY)).toBeNull()
  })

  it('starts from the remembered choice and writes it into the address', async () => {
    localStorage.setItem(CHOICE_KEY, 'mathematik')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    renderPicker()
    expect(await screen.findByRole('combobox', { name: 'Notenschlüssel' })).toHaveValue('mathematik')
    expect(window.location.search).toBe('?schluessel=mathematik&gesamt=40&erreicht=31,5')
  })

  it('says when the shown scale is archived and offers the default', async () => {
    window.history.replaceState(null, '', '/?schluessel=mathematik')
    api.on('GET /scales', json(200, { scales: [STANDARD] })) // archived ones are not listed for everyone
    const archived = {
      ...standardLiveConfig(),
      config: { ...standardLiveConfig().config, name: 'Mathematik' },
      archived: true,
    }
    const { chosen, user } = renderPicker({ state: 'ready', data: archived })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Der Notenschlüssel „Mathematik“ ist archiviert.')
    await user.click(screen.getByRole('button', { name: 'Standard „Standard“ verwenden' }))
    expect(chosen).toEqual([null])
    expect(window.location.search).toBe('')
  })

  it('says when the address names a scale that does not exist', async () => {
    window.history.replaceState(null, '', '/?schluessel=gibtsnicht')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    const { chosen, user } = renderPicker({ state: 'loading', failed: false, retry: () => undefined })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Den Notenschlüssel „gibtsnicht“ gibt es nicht.',
    )
    await user.click(screen.getByRole('button', { name: 'Standard „Standard“ verwenden' }))
    expect(chosen).toEqual([null])
  })
})
