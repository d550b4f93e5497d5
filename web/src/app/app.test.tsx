import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { AppProvider } from './provider'
import { routes } from './router'

beforeEach(() => {
  FakeEventSource.install()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return router
}

function deliverConfig() {
  act(() => {
    FakeEventSource.latest.open()
    FakeEventSource.latest.send({ ...standardLiveConfig(3), savedBy: 'cli' })
  })
}

describe('App', () => {
  it('shows the header with title and the link to the admin page, and no sign-out while signed out', () => {
    renderApp('/')
    const banner = within(screen.getByRole('banner'))
    expect(banner.getByRole('heading', { level: 1, name: 'Notenrechner' })).toBeInTheDocument()
    expect(banner.getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/admin')
    expect(banner.queryByRole('link', { name: 'Rechner' })).not.toBeInTheDocument()
    expect(banner.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument()
  })

  it('shares one stream between the routes and shows the configuration read-only on /admin', async () => {
    const user = userEvent.setup()
    const router = renderApp('/')
    expect(screen.getByRole('status', { name: 'Konfiguration wird geladen' })).toBeInTheDocument()
    deliverConfig()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Verwaltung' }))
    expect(router.state.location.pathname).toBe('/admin')
    expect(await screen.findByRole('heading', { name: 'Aktuelle Konfiguration' })).toBeInTheDocument()
    expect(screen.getByText('Version 3')).toBeInTheDocument()
    expect(screen.getByText('22.11.2026, 10:00')).toBeInTheDocument() // TZ=UTC in vite.config.ts
    expect(screen.getByText('Kommandozeile')).toBeInTheDocument()
    expect(screen.getAllByRole('table', { name: 'Notenschlüssel: Standard' })).toHaveLength(2)
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(FakeEventSource.instances).toHaveLength(1)

    await user.click(screen.getByRole('link', { name: 'Rechner' }))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeInTheDocument()
    expect(FakeEventSource.instances).toHaveLength(1)
  })

  it('shows a spinner while /admin waits for the configuration', async () => {
    renderApp('/admin')
    expect(await screen.findByRole('link', { name: 'Rechner' })).toHaveAttribute('href', '/')
    expect(await screen.findByRole('status', { name: 'Konfiguration wird geladen' })).toBeInTheDocument()
    deliverConfig()
    expect(screen.getByText('Version 3')).toBeInTheDocument()
  })

  it('answers unknown paths with a notice and a way back', () => {
    renderApp('/nirgendwo')
    expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zum Rechner' })).toHaveAttribute('href', '/')
  })
})

describe('formatSavedBy on /admin', () => {
  it.each([
    ['system', 'System'],
    ['lehrerin@example.org', 'lehrerin@example.org'],
  ])('%s is shown as %s', async (savedBy, shown) => {
    renderApp('/admin')
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send({ ...standardLiveConfig(1), savedBy })
    })
    expect(await screen.findByText(shown)).toBeInTheDocument()
  })
})
