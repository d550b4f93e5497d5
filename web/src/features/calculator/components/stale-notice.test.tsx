import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LiveConfigState } from '@/lib/live-connection'
import { LiveConfigContext } from '@/lib/use-live-config'
import { standardLiveConfig } from '@/test/live-config'
import { Calculator } from './calculator'
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
