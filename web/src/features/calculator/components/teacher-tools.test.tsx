import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import type { LiveConfigState } from '@/lib/live-types'
import { LiveConfigContext } from '@/lib/use-live-config'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { calculate } from '../grading'
import { Calculator } from './calculator'

const ready: LiveConfigState = { state: 'ready', data: standardLiveConfig() }

/** A preset of the shared vectors (testdata/grading/presets.json) as a scale's document. */
function rulePreset(id: string): RuleDocument {
  const file = join(import.meta.dirname, '../../../../../testdata/grading/presets.json')
  const { presets } = JSON.parse(readFileSync(file, 'utf8')) as {
    presets: { id: string; system: string; rule: RuleDocument['rule'] }[]
  }
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id}`)
  return { name: id, system: p.system, rule: p.rule }
}

function renderCalculator() {
  return render(
    <LiveConfigContext value={ready}>
      <Calculator />
    </LiveConfigContext>,
  )
}

describe('inputs in the address', () => {
  it('start from gesamt and erreicht of the URL', () => {
    window.history.replaceState(null, '', '/?gesamt=40&erreicht=31,5')
    renderCalculator()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toHaveValue('40')
    expect(screen.getByRole('textbox', { name: 'Erreichte Punktzahl' })).toHaveValue('31,5')
    expect(screen.getByRole('status', { name: 'Note' })).toHaveTextContent(/^2$/)
  })

  it('follow every change without adding history entries, and keep the history state', async () => {
    const user = userEvent.setup()
    window.history.replaceState({ router: 'state' }, '', '/')
    const before = window.history.length
    renderCalculator()
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), '40')
    await user.type(screen.getByRole('textbox', { name: 'Erreichte Punktzahl' }), '31,5')
    expect(window.location.search).toBe('?gesamt=40&erreicht=31,5')
    await user.clear(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }))
    expect(window.location.search).toBe('?erreicht=31,5')
    expect(window.history.length).toBe(before)
    expect(window.history.state).toEqual({ router: 'state' })
  })
})

describe('Enter', () => {
  it('moves from the total to the achieved points', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await user.click(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }))
    await user.keyboard('40{Enter}31{Enter}')
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toHaveValue('40')
    expect(screen.getByRole('textbox', { name: 'Erreichte Punktzahl' })).toHaveValue('31')
    expect(screen.getByRole('textbox', { name: 'Erreichte Punktzahl' })).toHaveFocus()
  })
})

describe('Punkteschlüssel', () => {
  it('appears with a total, in half points by default, and follows the step', async () => {
    const user = userEvent.setup()
    renderCalculator()
    expect(screen.queryByRole('heading', { name: /Punkteschlüssel/ })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), '40')
    expect(screen.getByRole('heading', { name: 'Punkteschlüssel für 40 Punkte' })).toBeInTheDocument()
    const steps = screen.getByRole('group', { name: 'Punkteschritt' })
    expect(within(steps).getByRole('radio', { name: 'Halbe Punkte' })).toBeChecked()

    const vertical = () => screen.getAllByRole('table', { name: 'Punkteschlüssel für 40 Punkte' })[1]
    const range = (grade: string) => {
      const table = vertical()
      if (table === undefined) throw new Error('no table')
      const from = within(table).getByRole('rowheader', { name: grade }).nextElementSibling
      return `${from?.textContent ?? ''} bis ${from?.nextElementSibling?.textContent ?? ''}`
    }
    expect(range('1-')).toBe('34,5 bis 35,5')
    await user.click(within(steps).getByRole('radio', { name: 'Ganze Punkte' }))
    expect(range('1-')).toBe('35 bis 35')
    await user.click(within(steps).getByRole('radio', { name: 'Viertelpunkte' }))
    expect(range('1-')).toBe('34,25 bis 35,75')

    // every shown bound, typed into the calculator, gives its row's grade
    const table = vertical()
    if (table === undefined) throw new Error('no table')
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const grade = row.querySelector('th')?.textContent ?? ''
      const bounds = [...row.querySelectorAll('td')].map((td) => td.textContent)
      for (const bound of bounds.filter((b) => b !== '–')) {
        if (bound === '0') continue // 0 points clear the calculator; the key counts them as 6
        expect(calculate(keyOf(standardLiveConfig().config), '40', bound).grade).toBe(grade)
      }
    }
  })

  it('heads its grade column "Punkte" for Notenpunkte, as the table of the key does, and "Note" elsewhere', async () => {
    const user = userEvent.setup()
    const oberstufe: LiveConfigState = {
      state: 'ready',
      data: { version: 1, savedAt: '2026-11-22T10:00:00Z', config: documentOf(rulePreset('kmk-oberstufe')) },
    }
    const { unmount } = render(
      <LiveConfigContext value={oberstufe}>
        <Calculator />
      </LiveConfigContext>,
    )
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), '40')
    // the Punkteschlüssel loads after the first render
    const heads = async () =>
      (await screen.findAllByRole('table', { name: 'Punkteschlüssel für 40 Punkte' })).map(
        (t) => within(t).getAllByRole('columnheader')[0]?.textContent,
      )
    expect(await heads()).toEqual(['Punkte', 'Punkte'])
    // and so does the table of the key below it
    const keyTable = screen.getAllByRole('table', { name: /^Notenschlüssel:/ })
    expect(keyTable.map((t) => within(t).getAllByRole('columnheader')[0]?.textContent)).toEqual([
      'Punkte',
      'Punkte',
    ])
    unmount()
    window.history.replaceState(null, '', '/') // the total typed above is in the address
    renderCalculator()
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), '40')
    expect(await heads()).toEqual(['Note', 'Note'])
  })

  it('is not shown for a total of 0 or one that is not a number', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), '0')
    expect(screen.queryByRole('heading', { name: /Punkteschlüssel/ })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' }), 'x')
    expect(screen.queryByRole('heading', { name: /Punkteschlüssel/ })).not.toBeInTheDocument()
  })
})

describe('Notenspiegel', () => {
  it('loads on demand and grades pasted lines for the entered total', async () => {
    const user = userEvent.setup()
    window.history.replaceState(null, '', '/?gesamt=40')
    renderCalculator()
    await user.click(screen.getByRole('button', { name: 'Notenspiegel erstellen' }))
    const text = await screen.findByRole(
      'textbox',
      { name: /eine Zeile je Schülerin oder Schüler/ },
      { timeout: 10_000 },
    )
    // the list took the focus from the button it replaced
    expect(screen.getByRole('heading', { name: 'Notenspiegel für 40 Punkte' })).toHaveFocus()
    await user.click(text)
    await user.paste('Anna; 31,5\nBen; abc\n14')
    const results = screen.getByRole('table', { name: 'Ergebnis je Zeile' })
    const rows = within(results)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(['1Anna31,578,8%2', '2Benabc' + 'Ungültig: „abc“ ist keine Zahl.', '31435,0%5+'])
    expect(screen.getByText('Durchschnitt').nextElementSibling).toHaveTextContent('3,50')
    expect(screen.getByText('Anteil 5 und 6').nextElementSibling).toHaveTextContent('50,0%')
    expect(
      screen.getByText(/zählen \+ und - wie die Note ohne Zusatz \(2\+ und 2- zählen als 2\)/),
    ).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /Balkendiagramm/ })).toBeInTheDocument()
    const counts = screen.getByRole('table', { name: 'Anzahl je Note' })
    expect(within(counts).getByRole('rowheader', { name: '5' }).nextElementSibling).toHaveTextContent('1')
  })
})
