import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { POLL_BOUND_S, POLL_INTERVAL_MS, POLL_JITTER_MS, POLL_TIMEOUT_MS } from '@/lib/live-timing'
import type { LiveConfigState } from '@/lib/live-types'
import { LiveConfigContext } from '@/lib/use-live-config'
import { standardLiveConfig } from '@/test/live-config'
import { Calculator } from './calculator'
import { POLLING_TEXT } from './stale-details'
import { STALE_TITLE } from './stale-notice'

function renderWith(value: LiveConfigState) {
  return render(
    <LiveConfigContext value={value}>
      <Calculator />
    </LiveConfigContext>,
  )
}

describe('Calculator with a possibly stale configuration', () => {
  it('says so in a status region, with the time it was received, and still computes', async () => {
    const stale = {
      state: 'ready',
      data: standardLiveConfig(),
      stale: { receivedAt: '2026-11-20T08:30:00Z' },
    } as const
    const { rerender } = renderWith(stale)
    const status = screen.getByRole('status', { name: 'Verbindung' })
    expect(status).toHaveTextContent(STALE_TITLE)
    expect(await within(status).findByText(/Stand 20\.11\.2026, 08:30/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeEnabled()

    rerender(
      <LiveConfigContext value={{ state: 'ready', data: standardLiveConfig() }}>
        <Calculator />
      </LiveConfigContext>,
    )
    expect(screen.getByRole('status', { name: 'Verbindung' })).toBeEmptyDOMElement()
    expect(screen.queryByText(/möglicherweise veraltet/)).not.toBeInTheDocument()
  })
})

describe('Calculator while the page polls instead of following the stream', () => {
  it('says so in a quiet line, with the bound the polls keep, and warns of nothing', async () => {
    renderWith({ state: 'ready', data: standardLiveConfig(), polling: true })
    const status = screen.getByRole('status', { name: 'Verbindung' })
    // the line's text loads with the stale notice's, right after the first render
    expect(
      await within(status).findByText(
        'Live-Verbindung nicht möglich – Änderungen erscheinen hier innerhalb von 15 Sekunden.',
      ),
    ).toBeInTheDocument()
    expect(status).toHaveClass('text-sm')
    expect(status.className).not.toMatch(/amber|red/) // no warning colour: the configuration is current
    expect(screen.queryByText(/Keine Verbindung|möglicherweise veraltet/)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeEnabled()
  })

  it('promises no more than the polls keep: the next poll starts within 12 s and answers within 3 s', () => {
    expect(POLL_INTERVAL_MS + POLL_JITTER_MS + POLL_TIMEOUT_MS).toBeLessThanOrEqual(POLL_BOUND_S * 1000)
    expect(POLL_BOUND_S).toBe(15) // the line says it, and docs/operations.md
    expect(POLLING_TEXT).toContain(`innerhalb von ${String(POLL_BOUND_S)} Sekunden`)
  })

  it('shows the stale notice, not the line, once a poll has failed too', async () => {
    renderWith({
      state: 'ready',
      data: standardLiveConfig(),
      stale: { receivedAt: '2026-11-20T08:30:00Z' },
      polling: true,
    })
    const status = screen.getByRole('status', { name: 'Verbindung' })
    expect(status).toHaveTextContent(STALE_TITLE)
    expect(await within(status).findByText(/Stand 20\.11\.2026, 08:30/)).toBeInTheDocument() // the lazy parts are here
    expect(status).not.toHaveTextContent(POLLING_TEXT)
  })
})

describe('Calculator when nothing has come after 10 s', () => {
  it('explains itself and offers to try again (its text loads with the stale notice)', async () => {
    let retried = 0
    renderWith({ state: 'loading', failed: true, retry: () => (retried += 1) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Der Notenschlüssel kann gerade nicht geladen werden')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Erneut versuchen' }))
    expect(retried).toBe(1)
  })
})
