import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ScaleDocument } from '@/lib/config'
import { apiError, FakeApi, json } from '@/test/fake-api'
import { CalculatorForm } from './components/calculator-form'
import { loadAdjusted } from './use-adjusted-key'

const doc = (four: number): ScaleDocument => ({
  name: 'Mathematik',
  rule: {
    kind: 'table',
    system: 'noten',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: four },
      { grade: '5', from: 25 },
      { grade: '6' },
    ],
  },
})
const grade = () => screen.getByRole('status', { name: 'Note' })
let api: FakeApi

describe('a link with an adjustment made on an older version', () => {
  beforeEach(async () => {
    api = new FakeApi().install()
    window.history.replaceState(
      null,
      '',
      '/?schluessel=mathematik&stand=2&bestehen=40&gesamt=100&erreicht=42',
    )
    await loadAdjusted()
  })

  it('shows the key it was made with, what changed since, and applies it to the current one on request', async () => {
    api.on(
      'GET /scales/mathematik/versions/2',
      json(200, { version: 2, savedAt: '2026-11-01T08:00:00Z', config: doc(45) }),
    )
    render(<CalculatorForm config={doc(50)} version={3} />)
    // version 2: 4 from 45 moved to 40; 42 % is a 4
    expect(await screen.findByText('4: ab 50 % (vorher ab 45 %)')).toBeInTheDocument()
    expect(grade()).toHaveTextContent('4')
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      '4 ab 40 % statt 45 %',
    )
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      '(Schlüssel der Schule „Mathematik“, Stand 2)',
    )
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Auf den aktuellen Schlüssel anwenden' }))
    expect(window.location.search).toBe('?schluessel=mathematik&stand=3&bestehen=40&gesamt=100&erreicht=42')
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      '4 ab 40 % statt 50 %',
    )
    expect(screen.queryByRole('button', { name: 'Auf den aktuellen Schlüssel anwenden' })).toBeNull()
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /scales/mathematik/versions/2'])
  })

  it('applies the adjustment to the version it holds when the old one cannot be had, and says so', async () => {
    api.on('GET /scales/mathematik/versions/2', apiError(404, 'not_found', 'Nicht gefunden.'))
    render(<CalculatorForm config={doc(50)} version={3} />)
    expect(await screen.findByText(/der hier nicht zu laden ist/)).toHaveTextContent(
      'Der Link wurde mit Stand 2 gemacht, der hier nicht zu laden ist: Die Anpassung gilt für Stand 3, den diese Seite hat.',
    )
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      '4 ab 40 % statt 50 %',
    )
  })
})
