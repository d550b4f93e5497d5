import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readGradingConfig } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { summarize } from '../class-list'
import { ClassListLanguage } from './class-list-language'
import { ClassSummaryPrint } from './class-summary-print'
import { FeedbackSheets } from './feedback-sheets'

// The prints of a language teacher's list: the Aushang counts the final grades without the content's
// points ranges and names the conversion; a pupil's sheet shows content grade, quotient, deduction, final
// grade and the working.

const { presets } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../testdata/grading/presets.json'), 'utf8'),
) as { presets: { id: string; system: string; rule: object }[] }
const p = presets.find((x) => x.id === 'kmk-oberstufe')
const doc = p && readGradingConfig({ name: 'Oberstufe', system: p.system, rule: p.rule })
if (!doc) throw new Error('no preset')
const key = keyOf(doc)
const summary = summarize(
  key,
  '',
  'Name; Inhalt (40); Fehler; Wörter\nAnna; 30; 10,5; 350\nBen; 38; 2; 200\nCem; 8; 30; 400',
  'hessen-oberstufe',
)
if (summary === null) throw new Error('no summary')

describe('the prints of a language teacher’s list', () => {
  it('the Aushang: final grades counted, no points ranges, the conversion and the class’s quotient named', () => {
    render(
      <ClassSummaryPrint
        summary={summary}
        scaleKey={key}
        heading=""
        test="40 Punkte"
        merged={false}
        ref={null}
      />,
    )
    const table = screen.getByRole('table', { name: 'Anzahl je Note, für die Klasse', hidden: true })
    expect(table).not.toHaveTextContent('Punkte')
    expect(table.querySelectorAll('tr')).toHaveLength(2)
    expect(
      screen.getByText(
        'Noten nach Abzug für die Sprachrichtigkeit (Hessen, gymnasiale Oberstufe, Oberstufen- und Abiturverordnung (OAVO), Anlage 9) · Ø Fehlerquotient 3,83',
      ),
    ).toBeInTheDocument()
  })

  it('a sheet: the content grade, the quotient, the deduction, the final grade and the working', () => {
    const { container } = render(
      <FeedbackSheets
        summary={summary}
        scaleKey={key}
        heading=""
        test="40 Punkte"
        comments={{}}
        merged={false}
        perPage={2}
        ref={null}
      />,
    )
    const anna = container.querySelector('article')
    expect(anna).toHaveTextContent('Inhalt: 30 von 40 Punkten · 75,0% · Note 11 (2)')
    expect(anna).toHaveTextContent(
      'Fehlerquotient 3,00 (10,5 Fehler, 350 Wörter) · Abzug 1 Notenpunkt · Note 10 (2-)',
    )
    expect(anna).toHaveTextContent('10,5 Fehler × 100 : 350 Wörter = 3,00.')
    expect(anna).toHaveTextContent('11 Punkte − 1 Notenpunkt = 10 Punkte.')
    expect(anna).toHaveTextContent(
      'Für die nächstbessere Note des Inhalts 12 (ab 32 Punkten) fehlten 2 Punkte.',
    )
  })
})

describe('the table „Ergebnis je Zeile“ of a language teacher’s list', () => {
  it('keeps a wrong line’s pasted cells under their own headings', () => {
    const wrong = summarize(
      key,
      '',
      'Name; Inhalt (40); Fehler; Wörter\nAnna; 30; 10,5; 350\nBen; 45; 2; 300\nCem; 20; 4',
      'hessen-oberstufe',
    )
    if (wrong === null) throw new Error('no summary')
    render(<ClassListLanguage summary={wrong} />)
    const table = screen.getByRole('table', { name: 'Ergebnis je Zeile' })
    const heads = Array.from(table.querySelectorAll('thead th'), (th) => th.textContent)
    // the cell of each row that stands under a heading, colSpan counted
    const under = (row: number, heading: string) => {
      const at = heads.indexOf(heading)
      let column = 0
      for (const td of Array.from(table.querySelectorAll('tbody tr')[row]?.children ?? [])) {
        const span = (td as HTMLTableCellElement).colSpan
        if (at >= column && at < column + span) return td.textContent
        column += span
      }
      return undefined
    }
    expect([under(0, 'Inhalt'), under(0, 'Fehler'), under(0, 'Wörter')]).toEqual(['30', '10,5', '350'])
    // Ben's content is above the maximum: his errors and words stay in their columns
    expect(under(1, 'Inhalt')).toBe('45 (ungültig)')
    expect([under(1, 'Note Inhalt'), under(1, 'Fehler'), under(1, 'Wörter')]).toEqual(['', '2', '300'])
    expect(under(1, 'Note')).toContain('Inhalt: Mehr als 40 Punkte.')
    expect([under(2, 'Inhalt'), under(2, 'Note Inhalt'), under(2, 'Fehler')]).toEqual(['20', '', '4'])
  })

  it('puts a short line’s cells under the headings of the first line’s order', () => {
    const short = summarize(key, '', 'Name; Wörter; Fehler; Inhalt (40)\nBen; 300; 2', 'hessen-oberstufe')
    if (short === null) throw new Error('no summary')
    render(<ClassListLanguage summary={short} />)
    const row = screen.getByRole('table', { name: 'Ergebnis je Zeile' }).querySelectorAll('tbody td')
    // Nr., Name, then Inhalt (none), Note Inhalt, Fehler, Wörter
    expect(Array.from(row, (td) => td.textContent).slice(2, 6)).toEqual(['', '', '2', '300'])
  })
})
