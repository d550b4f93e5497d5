import { render, screen } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LazyPart } from './lazy-part'

describe('LazyPart', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the part once its code has loaded', async () => {
    const Part = lazy(() => Promise.resolve({ default: () => <p>Geladen</p> }))
    render(
      <LazyPart fallback={<p>Lädt</p>}>
        <Part />
      </LazyPart>,
    )
    expect(screen.getByText('Lädt')).toBeInTheDocument()
    expect(await screen.findByText('Geladen')).toBeInTheDocument()
  })

  it('keeps the rest of the page when the code cannot be loaded, and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // React reports the caught error
    const Part = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))
    render(
      <main>
        <h1>Rechner</h1>
        <LazyPart>
          <Part />
        </LazyPart>
      </main>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Teil der Seite konnte nicht geladen werden.',
    )
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Rechner' })).toBeInTheDocument()
  })

  it('shows the given replacement instead, or nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Part = lazy(() => Promise.reject(new Error('offline')))
    render(
      <LazyPart failed={<p>Ersatz</p>}>
        <Part />
      </LazyPart>,
    )
    expect(await screen.findByText('Ersatz')).toBeInTheDocument()
  })
})
