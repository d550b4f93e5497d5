import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { readGradingConfig, type ScaleDocument } from '@/lib/config'
import { standardLiveConfig } from '@/test/live-config'
import { readClassList } from '../class-list-storage'
import ClassList from './class-list'

// The select „Umrechnung der Fehler“ of a language teacher's list: offered only under a header
// `Name; Inhalt; Fehler; Wörter`, with „keine Umrechnung“ and the published rules, regrading as chosen and kept
// with the list; on a key whose system the rule's unit does not fit, a message instead of grades.

const { presets } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../testdata/grading/presets.json'), 'utf8'),
) as { presets: { id: string; system: string; rule: object }[] }
const oberstufe = (() => {
  const p = presets.find((x) => x.id === 'kmk-oberstufe')
  const doc = p && readGradingConfig({ name: 'Oberstufe', system: p.system, rule: p.rule })
  if (!doc) throw new Error('no preset')
  return doc
})()

const LIST = 'Name; Inhalt (40); Fehler; Wörter\nAnna; 30; 10,5; 350\nBen; 38; 2; 200'

/** The list on the page of a scale; `setting` is the scale's conversion of errors (docs/spec.md §8). */
function renderList(doc: ScaleDocument, setting?: unknown) {
  const withSetting = setting === undefined ? doc : { ...doc, fehlerquotient: setting }
  const page = { doc: withSetting, graded: { name: doc.name, version: 1 }, total: '' }
  return render(<ClassList page={page} kept={null} onCleared={() => undefined} />)
}
const paste = (text: string) => {
  fireEvent.change(screen.getByLabelText(/eine Zeile je Schülerin oder Schüler/), { target: { value: text } })
}
const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Ergebnis je Zeile' })).getByRole('row', {
    name: new RegExp(name),
  })

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('the select „Umrechnung der Fehler“', () => {
  it('is there only for a language teacher’s list', () => {
    renderList(oberstufe)
    paste('Anna; 30')
    expect(screen.queryByLabelText('Umrechnung der Fehler')).toBeNull()
    paste(LIST)
    const select = screen.getByRole('combobox', { name: 'Umrechnung der Fehler' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['keine Umrechnung', 'Hessen, gymnasiale Oberstufe'])
    expect(select).toHaveValue('')
  })

  it('starts from the default, regrades as chosen and keeps the choice with the list', async () => {
    const user = userEvent.setup()
    renderList(oberstufe, { preset: 'hessen-oberstufe' })
    paste(LIST)
    const select = screen.getByRole('combobox', { name: 'Umrechnung der Fehler' })
    expect(select).toHaveValue('hessen-oberstufe')
    // 30 of 40: 11 points; 3,00 reaches 3: 1 Notenpunkt off
    expect(row('Anna')).toHaveTextContent(/30\s*11\s*10,5\s*350\s*3,00\s*1 Notenpunkt\s*10/)
    expect(
      screen.getByText(/Abzug von der Note des Inhalts, nach dem Fehlerquotienten ab 3: 1 Notenpunkt/),
    ).toBeVisible()
    await user.selectOptions(select, 'keine Umrechnung')
    expect(row('Anna')).toHaveTextContent(/3,00\s*–\s*11/)
    expect(readClassList()?.list.rule).toBe('')
    expect(screen.getByText('Ø Fehlerquotient').nextSibling).toHaveTextContent('2,00')
  })

  it('offers and starts from the scale’s own rule, named as the school’s', () => {
    renderList(oberstufe, {
      name: 'Fachschaft Deutsch',
      unit: 'notenpunkte',
      steps: [
        { from: '2', deduction: 1 },
        { from: '4', deduction: 2 },
      ],
      max: 2,
    })
    paste(LIST)
    const select = screen.getByRole('combobox', { name: 'Umrechnung der Fehler' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['keine Umrechnung', 'Hessen, gymnasiale Oberstufe', 'Regel der Schule: Fachschaft Deutsch'])
    expect(select).toHaveValue('schule')
    // Ben: 38 of 40 is 14 points; 2 errors in 200 words, 1,00: under 2, no deduction. Anna: 3,00 reaches 2: 11 − 1
    expect(row('Anna')).toHaveTextContent(/3,00\s*1 Notenpunkt\s*10/)
    expect(
      screen.getByText(/nach dem Fehlerquotienten ab 2: 1 Notenpunkt.*\(Regel der Schule\)/),
    ).toBeVisible()
  })

  it('says in German why a rule in Notenpunkte gives no grade on a key of 1 to 6', () => {
    renderList(standardLiveConfig().config, { preset: 'hessen-oberstufe' })
    paste(LIST)
    expect(screen.getByRole('alert')).toHaveTextContent(
      /zieht Notenpunkte ab, dieser Notenschlüssel gibt aber Noten 1 bis 6 mit \+ und −/,
    )
    expect(row('Anna')).toHaveTextContent(/3,00\s*–\s*–/)
    expect(screen.queryByRole('button', { name: 'Als CSV herunterladen' })).toBeNull()
  })
})
