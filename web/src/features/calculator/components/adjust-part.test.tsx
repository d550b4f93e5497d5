import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { dropAdjustment } from '@/lib/adjust'
import type { ScaleDocument } from '@/lib/config'
import { loadAdjusted } from '../use-adjusted-key'
import { CalculatorForm } from './calculator-form'

const noten: ScaleDocument = {
  name: 'Mathematik',
  rule: {
    kind: 'table',
    system: 'noten',
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
}

const grade = () => screen.getByRole('status', { name: 'Note' })
const at = (address: string) => {
  window.history.replaceState(null, '', address)
}

async function openPanel() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Schlüssel anpassen' }))
  const pass = screen.getByRole('textbox', { name: 'Bestehensgrenze (%)' })
  return { user, pass }
}

describe('the key for this test', () => {
  beforeEach(() => {
    at('/?schluessel=mathematik&gesamt=100&erreicht=47')
  })

  it('moves the table and the grade as 45 is typed, marks the moved bounds and writes the address', async () => {
    render(<CalculatorForm config={noten} version={3} />)
    expect(grade()).toHaveTextContent('5')
    const { user, pass } = await openPanel()
    expect(pass).toHaveValue('50')
    expect(screen.getByRole('textbox', { name: 'Beste Note ab (%)' })).toHaveValue('90')
    await user.clear(pass)
    await user.type(pass, '45')
    expect(grade()).toHaveTextContent('4')
    expect(screen.getAllByText('ab 45 (statt ab 50)').length).toBeGreaterThan(0)
    expect(screen.getAllByText('ab 62 (statt ab 65)').length).toBeGreaterThan(0)
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      'Für diese Arbeit angepasst: 2 ab 79 % statt 80 %, 3 ab 62 % statt 65 %, 4 ab 45 % statt 50 %, 5 ab 23 % statt 25 % (Schlüssel der Schule „Mathematik“, Stand 3)',
    )
    expect(window.location.search).toBe('?schluessel=mathematik&stand=3&bestehen=45&gesamt=100&erreicht=47')
  })

  it('offers the link and its QR code once the key is adjusted, and no more once it is the school’s', async () => {
    render(<CalculatorForm config={noten} version={3} />)
    const { user, pass } = await openPanel()
    expect(screen.queryByRole('button', { name: 'Link kopieren' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'QR-Code' })).toBeNull()
    await user.clear(pass)
    await user.type(pass, '45')
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'QR-Code' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Zurück zum Schlüssel der Schule' }))
    expect(screen.queryByRole('button', { name: 'Link kopieren' })).toBeNull()
  })

  it('keeps the last valid key while a field is invalid, with the field’s message', async () => {
    render(<CalculatorForm config={noten} version={3} />)
    const { user, pass } = await openPanel()
    await user.clear(pass)
    await user.type(pass, '45')
    await user.type(pass, 'x')
    expect(pass).toHaveAccessibleDescription('Keine Zahl.')
    expect(pass).toHaveAttribute('aria-invalid', 'true')
    expect(grade()).toHaveTextContent('4')
    expect(window.location.search).toContain('bestehen=45&')
    const top = screen.getByRole('textbox', { name: 'Beste Note ab (%)' })
    await user.clear(top)
    await user.type(top, '101')
    expect(top).toHaveAccessibleDescription('Muss größer als die Bestehensgrenze und höchstens 100 sein.')
  })

  it('goes back to the school’s key', async () => {
    render(<CalculatorForm config={noten} version={3} />)
    const { user, pass } = await openPanel()
    await user.clear(pass)
    await user.type(pass, '45')
    await user.click(screen.getByRole('button', { name: 'Zurück zum Schlüssel der Schule' }))
    expect(grade()).toHaveTextContent('5')
    expect(screen.getByRole('button', { name: 'Schlüssel anpassen' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Bestehensgrenze (%)' })).toHaveValue('50')
    expect(screen.queryByText(/Für diese Arbeit angepasst:/)).not.toBeInTheDocument()
    expect(screen.queryByText(/statt/)).not.toBeInTheDocument()
    expect(window.location.search).toBe('?schluessel=mathematik&gesamt=100&erreicht=47')
  })

  it('opens an address with an adjustment with the adjusted key from the first render', async () => {
    at('/?schluessel=mathematik&stand=3&bestehen=45&gesamt=100&erreicht=47')
    await loadAdjusted()
    render(<CalculatorForm config={noten} version={3} />)
    expect(grade()).toHaveTextContent('4')
    expect(await screen.findByText(/Für diese Arbeit angepasst:/)).toBeInTheDocument()
  })

  it('does not carry an adjustment over to another scale once its address is dropped', async () => {
    const view = render(<CalculatorForm config={noten} version={3} />)
    const { user, pass } = await openPanel()
    await user.clear(pass)
    await user.type(pass, '45')
    expect(grade()).toHaveTextContent('4')
    // the scale picker drops the adjustment, then the page shows the other scale
    dropAdjustment()
    view.rerender(<CalculatorForm config={{ ...noten, name: 'Deutsch' }} version={1} />)
    expect(grade()).toHaveTextContent('5')
    expect(screen.queryByText(/Für diese Arbeit angepasst:/)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Bestehensgrenze (%)' })).toHaveValue('50')
  })

  it('offers nothing where the school made its key binding', async () => {
    at('/?schluessel=mathematik&stand=3&bestehen=45&gesamt=100&erreicht=47')
    await loadAdjusted()
    render(<CalculatorForm config={{ ...noten, adjustable: false }} version={3} />)
    expect(await screen.findByText(/verbindlich/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Schlüssel anpassen' })).not.toBeInTheDocument()
    expect(grade()).toHaveTextContent('5')
  })

  it('rounds the Swiss formula to the chosen step', async () => {
    const swiss: ScaleDocument = {
      name: 'Schweiz',
      rule: { kind: 'formula', system: 'schweiz', step: 0.5, midpoint: 'up' },
    }
    at('/?gesamt=100&erreicht=80')
    render(<CalculatorForm config={swiss} version={2} />)
    expect(grade()).toHaveTextContent('5')
    const { user } = await openPanel()
    expect(screen.queryByRole('textbox', { name: 'Beste Note ab (%)' })).not.toBeInTheDocument()
    const step = screen.getByRole('combobox', { name: 'Rundung' })
    expect(step).toHaveValue('0,5')
    await user.selectOptions(step, '0,25')
    // the table is now of quarter steps (the Swiss notation writes 4.75)
    expect(screen.getAllByText(/^4\.75$/).length).toBeGreaterThan(0)
    expect(window.location.search).toBe('?stand=2&rundung=0,25&gesamt=100&erreicht=80')
    // the rounding is an adjustment of its own, named with the moved bounds
    expect(screen.getByText(/Für diese Arbeit angepasst:/).parentElement).toHaveTextContent(
      /Rundung auf 0\.25 statt 0\.5 \(Schlüssel der Schule „Schweiz“, Stand 2\)/,
    )
  })

  it('names the adjustment where the Notenspiegel says which key it grades with', async () => {
    at('/?schluessel=mathematik&stand=3&bestehen=45&gesamt=100&erreicht=47')
    await loadAdjusted()
    render(<CalculatorForm config={noten} version={3} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notenspiegel erstellen' }))
    expect(await screen.findByText(/^Bewertet mit dem Notenschlüssel/)).toHaveTextContent(
      'Bewertet mit dem Notenschlüssel „Mathematik“, Version 3; für diese Arbeit angepasst: 2 ab 79 % statt 80 %, 3 ab 62 % statt 65 %, 4 ab 45 % statt 50 %, 5 ab 23 % statt 25 %.',
    )
  })

  it('keeps the Punkteschlüssel’s step in the address', async () => {
    at('/?schluessel=mathematik&punkte=1&gesamt=100&erreicht=47')
    const user = userEvent.setup()
    render(<CalculatorForm config={noten} version={3} />)
    const whole = await screen.findByRole('radio', { name: 'Ganze Punkte' })
    expect(whole).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Viertelpunkte' }))
    expect(window.location.search).toBe('?schluessel=mathematik&punkte=0,25&gesamt=100&erreicht=47')
    await user.click(screen.getByRole('radio', { name: 'Halbe Punkte' }))
    expect(window.location.search).toBe('?schluessel=mathematik&gesamt=100&erreicht=47')
  })
})
