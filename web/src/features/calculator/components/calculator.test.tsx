import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { LiveConfigState } from '@/lib/live-types'
import { LiveConfigContext } from '@/lib/use-live-config'
import { standardLiveConfig } from '@/test/live-config'
import { Calculator } from './calculator'

const GRADES = ['1', '1-', '2+', '2', '2-', '3+', '3', '3-', '4+', '4', '4-', '5+', '5', '5-', '6+', '6']

function renderWith(value: LiveConfigState) {
  return render(
    <LiveConfigContext value={value}>
      <Calculator />
    </LiveConfigContext>,
  )
}

const ready: LiveConfigState = { state: 'ready', data: standardLiveConfig() }

describe('Calculator', () => {
  it('shows the 96 px spinner instead of the form until the configuration arrives', () => {
    const { rerender } = renderWith({ state: 'loading', failed: false, retry: () => undefined })
    const spinner = screen.getByRole('status', { name: 'Konfiguration wird geladen' })
    expect(spinner).toHaveClass('size-24')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()

    rerender(
      <LiveConfigContext value={ready}>
        <Calculator />
      </LiveConfigContext>,
    )
    expect(screen.queryByRole('status', { name: 'Konfiguration wird geladen' })).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Erreichte Punktzahl' })).toBeInTheDocument()
  })

  it('shows neither spinner nor form for a scale that does not exist (the picker says so)', () => {
    renderWith({ state: 'missing' })
    expect(screen.queryByRole('status', { name: 'Konfiguration wird geladen' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument() // not "kann gerade nicht geladen werden"
  })

  it('has decimal text inputs and empty outputs at first', () => {
    renderWith(ready)
    for (const name of ['Gesamtpunktzahl', 'Erreichte Punktzahl']) {
      const input = screen.getByRole('textbox', { name })
      expect(input).toHaveAttribute('type', 'text')
      expect(input).toHaveAttribute('inputmode', 'decimal')
    }
    expect(screen.getByRole('status', { name: 'Erreichte Prozentzahl' })).toBeEmptyDOMElement()
    expect(screen.getByRole('status', { name: 'Note' })).toBeEmptyDOMElement()
  })

  it('recomputes on every change and clears both outputs when a value is cleared', async () => {
    const user = userEvent.setup()
    renderWith(ready)
    const total = screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })
    const achieved = screen.getByRole('textbox', { name: 'Erreichte Punktzahl' })
    const percentage = screen.getByRole('status', { name: 'Erreichte Prozentzahl' })
    const grade = screen.getByRole('status', { name: 'Note' })
    expect(percentage.tagName).toBe('OUTPUT')
    expect(grade.tagName).toBe('OUTPUT')

    await user.type(achieved, '12,5')
    expect(percentage).toBeEmptyDOMElement()
    await user.type(total, '25')
    expect(percentage).toHaveTextContent(/^50,0%$/)
    expect(grade).toHaveTextContent(/^4\+$/)

    await user.type(total, '0') // 250
    expect(percentage).toHaveTextContent(/^5,0%$/)
    expect(grade).toHaveTextContent(/^6$/)

    await user.clear(total)
    expect(percentage).toBeEmptyDOMElement()
    expect(grade).toBeEmptyDOMElement()

    await user.type(total, '30')
    await user.clear(achieved)
    await user.type(achieved, '23')
    expect(percentage).toHaveTextContent(/^76,7%$/)
    expect(grade).toHaveTextContent(/^2$/)

    await user.type(achieved, 'x')
    expect(percentage).toBeEmptyDOMElement()
    expect(grade).toBeEmptyDOMElement()
  })

  it('shows the grade table in both layouts with their headers, and the configuration name', () => {
    renderWith(ready)
    expect(screen.getByText('Standard')).toBeInTheDocument()
    // jsdom applies no CSS, so both layouts are in the tree; the browser shows one (see e2e).
    const [horizontal, vertical] = screen.getAllByRole('table', { name: 'Notenschlüssel: Standard' })
    if (horizontal === undefined || vertical === undefined) throw new Error('expected two tables')
    expect(horizontal).toHaveClass('hidden', 'lg:table')
    expect(vertical).toHaveClass('lg:hidden')

    const h = within(horizontal)
    expect(h.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Note', ...GRADES])
    expect(h.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
      'Prozent über',
      'bis einschließlich',
    ])
    expect(
      h
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['89,9995', '85', '79,999'])

    const v = within(vertical)
    expect(v.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Note',
      'Prozent über',
      'bis einschließlich',
    ])
    expect(v.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(GRADES)
    const rows = v.getAllByRole('row')
    expect(rows).toHaveLength(17)
    expect(rows[2]).toHaveTextContent(/^1-8589,9995$/)
    expect(rows[16]).toHaveTextContent(/^6–10$/)
  })
})
