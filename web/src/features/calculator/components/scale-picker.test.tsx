import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LiveConfigState } from '@/lib/live-types'
import { CHOICE_KEY, readScaleChoice, scaleStorageKey } from '@/lib/scale-choice'
import { ScaleChoiceContext } from '@/lib/scale-choice-context'
import type { ScaleSummary } from '@/lib/scales'
import { FakeApi, json } from '@/test/fake-api'
import { standardLiveConfig } from '@/test/live-config'
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

const LOADING: LiveConfigState = { state: 'loading', failed: false, retry: () => undefined }

/**
 * The picker under a real choice state, as app/provider.tsx holds it; `live` is the chosen scale's
 * connection state, which setLive changes as the stream would.
 */
function renderPicker(live: LiveConfigState = { state: 'ready', data: standardLiveConfig() }) {
  const chosen: (string | null)[] = []
  let setLive: (next: LiveConfigState) => void = () => undefined
  function Harness() {
    const [slug, setSlug] = useState(readScaleChoice)
    const [state, set] = useState(live)
    setLive = set
    const choose = (next: string | null) => {
      chosen.push(next)
      setSlug(next)
    }
    return (
      <ScaleChoiceContext value={{ slug, choose }}>
        <ScalePicker live={state} />
      </ScaleChoiceContext>
    )
  }
  render(<Harness />)
  return {
    chosen,
    user: userEvent.setup(),
    setLive: (next: LiveConfigState) => {
      act(() => {
        setLive(next)
      })
    },
  }
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
      'Standard (voreingestellt)',
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

  it('drops a teacher’s adjustment of the shown scale when another is chosen; the Punkteschlüssel’s step stays', async () => {
    window.history.replaceState(null, '', '/?stand=3&bestehen=45&punkte=1&gesamt=40&erreicht=31,5')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    const { user } = renderPicker()
    const select = await screen.findByRole('combobox', { name: 'Notenschlüssel' })
    expect(window.location.search).toBe('?stand=3&bestehen=45&punkte=1&gesamt=40&erreicht=31,5')
    await user.selectOptions(select, 'mathematik')
    expect(window.location.search).toBe('?schluessel=mathematik&punkte=1&gesamt=40&erreicht=31,5')
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
    await user.click(
      screen.getByRole('button', { name: 'Voreingestellten Notenschlüssel „Standard“ verwenden' }),
    )
    expect(chosen).toEqual([null])
    expect(window.location.search).toBe('')
  })

  it('says when the address names a scale whose stream does not exist, and forgets it', async () => {
    window.history.replaceState(null, '', '/?schluessel=gibtsnicht')
    localStorage.setItem(CHOICE_KEY, 'gibtsnicht') // remembered before the scale went away
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    const { chosen, user, setLive } = renderPicker(LOADING)
    await screen.findByRole('combobox', { name: 'Notenschlüssel' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument() // the list alone does not say (archived ones are not in it)
    expect(localStorage.getItem(CHOICE_KEY)).toBe('gibtsnicht')

    setLive({ state: 'missing' })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Den Notenschlüssel „gibtsnicht“ gibt es nicht.Vielleicht ist der Link veraltet oder enthält einen Tippfehler.',
    )
    expect(localStorage.getItem(CHOICE_KEY)).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Notenschlüssel' })).toHaveDisplayValue('Bitte wählen')
    await user.click(
      screen.getByRole('button', { name: 'Voreingestellten Notenschlüssel „Standard“ verwenden' }),
    )
    expect(chosen).toEqual([null])
  })

  it('offers the default without its name when the list cannot be read', async () => {
    window.history.replaceState(null, '', '/?schluessel=gibtsnicht')
    api.on('GET /scales', json(500, {}))
    const { chosen, user } = renderPicker({ state: 'missing' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Den Notenschlüssel „gibtsnicht“ gibt es nicht.',
    )
    await user.click(screen.getByRole('button', { name: 'Voreingestellten Notenschlüssel verwenden' }))
    expect(chosen).toEqual([null])
  })

  it('remembers a scale from the address only once its stream has shown it, never from a kept copy', async () => {
    window.history.replaceState(null, '', '/?schluessel=mathematik')
    localStorage.setItem(CHOICE_KEY, 'deutsch')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    const { setLive } = renderPicker(LOADING)
    await screen.findByRole('combobox', { name: 'Notenschlüssel' })
    expect(localStorage.getItem(CHOICE_KEY)).toBe('deutsch')

    const mathe = standardLiveConfig(4)
    setLive({ state: 'ready', data: mathe, stale: { receivedAt: '2026-11-20T08:00:00.000Z' } })
    expect(localStorage.getItem(CHOICE_KEY)).toBe('deutsch') // offline: the kept copy proves nothing
    setLive({ state: 'ready', data: mathe })
    expect(localStorage.getItem(CHOICE_KEY)).toBe('mathematik')
    setLive({ state: 'missing' }) // gone since (a new database): not left behind
    expect(localStorage.getItem(CHOICE_KEY)).toBeNull()
  })

  it('keeps the remembered choice when the address names no valid scale (read as the default)', async () => {
    window.history.replaceState(null, '', '/?schluessel=%21%21%21')
    localStorage.setItem(CHOICE_KEY, 'mathematik')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    renderPicker()
    expect(await screen.findByRole('combobox', { name: 'Notenschlüssel' })).toHaveValue('standard')
    expect(localStorage.getItem(CHOICE_KEY)).toBe('mathematik')
  })

  it('drops the kept copy of a scale that does not exist, and only that one', async () => {
    window.history.replaceState(null, '', '/?schluessel=gibtsnicht')
    localStorage.setItem(scaleStorageKey('gibtsnicht'), '{"kept":1}')
    localStorage.setItem(scaleStorageKey('mathematik'), '{"kept":2}')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    renderPicker({ state: 'missing' })
    await screen.findByRole('alert')
    expect(localStorage.getItem(scaleStorageKey('gibtsnicht'))).toBeNull()
    expect(localStorage.getItem(scaleStorageKey('mathematik'))).toBe('{"kept":2}')
  })

  it('forgets only the scale that does not exist, not another remembered choice', async () => {
    window.history.replaceState(null, '', '/?schluessel=gibtsnicht')
    localStorage.setItem(CHOICE_KEY, 'mathematik')
    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] }))
    renderPicker({ state: 'missing' })
    await screen.findByRole('alert')
    expect(localStorage.getItem(CHOICE_KEY)).toBe('mathematik')
    expect(window.location.search).toBe('?schluessel=gibtsnicht') // the address still says what was asked for
  })

  it('reads the list again when the page or the select gets the focus: a scale created meanwhile shows', async () => {
    api.on('GET /scales', json(200, { scales: [STANDARD] }))
    const { user } = renderPicker()
    await act(() => new Promise((done) => setTimeout(done, 20)))
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()

    api.on('GET /scales', json(200, { scales: [MATHE, STANDARD] })) // an admin created one
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    const select = await screen.findByRole('combobox', { name: 'Notenschlüssel' })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Mathematik',
      'Standard (voreingestellt)',
    ])

    const calls = api.callsTo('GET /scales').length
    api.on('GET /scales', json(200, { scales: [MATHE, summary('deutsch', 'Deutsch'), STANDARD] }))
    await user.click(select)
    await screen.findByRole('option', { name: 'Deutsch' })
    expect(api.callsTo('GET /scales').length).toBeGreaterThan(calls)
  })
})
