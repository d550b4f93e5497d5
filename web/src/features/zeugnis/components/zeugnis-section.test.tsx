import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { readZeugnis } from '../storage'
import { ZeugnisSection } from './zeugnis-section'

const group = (name: string) => screen.getByRole('group', { name })
const grades = (name: string) => within(group(name)).getByRole('textbox', { name: 'Noten' })

async function open(settings = {}, systemId = 'noten-plus-minus') {
  const user = userEvent.setup()
  render(<ZeugnisSection systemId={systemId} settings={settings} />)
  await user.click(screen.getByRole('button', { name: 'Zeugnisnote berechnen' }))
  await screen.findByRole('tab', { name: 'Ein Schüler' })
  return user
}

describe('ZeugnisSection, one pupil', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('takes the focus when opened, in place of its button, but not when it opens by itself', async () => {
    const user = await open()
    expect(screen.getByRole('heading', { name: 'Zeugnisnote' })).toHaveFocus()
    await user.type(grades('schriftlich'), '2')
    cleanup()
    // kept inputs open the tool as the page starts: the focus stays where the person is
    render(<ZeugnisSection systemId="noten-plus-minus" settings={{}} />)
    expect(await screen.findByRole('heading', { name: 'Zeugnisnote' })).not.toHaveFocus()
  })

  it('computes the worked example of docs/spec.md §9 with a grade of its own weight', async () => {
    const user = await open()
    await user.type(grades('schriftlich'), '2+ 3×2')
    await user.type(grades('mündlich'), '2 1-')
    const result = screen.getByRole('status', { name: 'Vorschlag' })
    expect(result).toHaveTextContent('Durchschnitt2,26')
    expect(result).toHaveTextContent('Vorschlag2')
    expect(result).not.toHaveTextContent('Grenzfall')
    expect(screen.getByRole('group', { name: 'schriftlich' })).toBeInTheDocument()
    expect(readZeugnis()?.categories[0]).toEqual({ name: 'schriftlich', weight: '2', grades: '2+ 3×2' })
  })

  it('says so beside the proposal when a category has no grades', async () => {
    const user = await open()
    await user.type(grades('schriftlich'), '2')
    expect(screen.getByRole('status', { name: 'Vorschlag' })).toHaveTextContent(
      'Kategorie „mündlich“ hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.',
    )
  })

  it('names wrong grades after the field was left, linked to it', async () => {
    const user = await open()
    const field = grades('schriftlich')
    await user.type(field, '2 7 3x')
    expect(field).not.toHaveAttribute('aria-invalid')
    await user.tab()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(/„7“ ist keine Note von 1 bis 6\./)
    expect(field).toHaveAccessibleDescription(/„3x“: nach „×“ fehlt das Gewicht\./)
  })

  it('names a wrong category weight once it was left', async () => {
    const user = await open()
    const weight = within(group('mündlich')).getByRole('textbox', { name: 'Gewicht' })
    await user.clear(weight)
    await user.type(weight, '0')
    expect(weight).not.toHaveAttribute('aria-invalid')
    await user.tab()
    expect(weight).toHaveAttribute('aria-invalid', 'true')
    expect(weight).toHaveAccessibleDescription('Gewicht „0“ ist keine Zahl größer als 0.')
  })

  it('starts with the school’s categories and names the school’s rule', async () => {
    await open({ rounding: 'worse', categories: [{ name: 'Klausur', weight: '3' }] })
    expect(group('Klausur')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'schriftlich' })).toBeNull()
    const tool = screen.getByRole('region', { name: 'Zeugnisnote' })
    expect(tool).toHaveTextContent('Genau auf der Mitte (z. B. 2,50): die schlechtere Note')
    expect(tool).toHaveTextContent('So hat es die Schule für diesen Notenschlüssel festgelegt.')
  })

  it('proposes the worse grade on the middle when the school says so, and marks the borderline', async () => {
    const user = await open({ rounding: 'worse' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aufteilung übernehmen' }), '50 : 50')
    await user.type(grades('schriftlich'), '2')
    await user.type(grades('mündlich'), '3')
    const result = screen.getByRole('status', { name: 'Vorschlag' })
    expect(result).toHaveTextContent('Durchschnitt2,50Vorschlag3Grenzfall')
  })

  it('says Punkte after a proposal in Notenpunkte', async () => {
    const user = await open({}, 'notenpunkte')
    await user.type(grades('schriftlich'), '8 9')
    await user.type(grades('mündlich'), '8')
    const result = screen.getByRole('status', { name: 'Vorschlag' })
    expect(result).toHaveTextContent('Durchschnitt8,33Vorschlag8 Punkte')
    expect(result).not.toHaveTextContent('LBVO')
  })

  it('writes a Swiss result the Swiss way: average, proposal and working with a decimal point', async () => {
    const user = await open({}, 'schweiz')
    await user.type(grades('schriftlich'), '4 4,5')
    const result = screen.getByRole('status', { name: 'Vorschlag' })
    expect(result).toHaveTextContent('Durchschnitt4.25Vorschlag4.5')
    const working = screen.getByText('Rechenweg').closest('details')
    expect(working).toHaveTextContent('4, 4.5; Durchschnitt 4.25') // the list's commas stay
    expect(working).not.toHaveTextContent(/\d,\d/)
  })

  it('names LBVO § 20 beside the average in Austria', async () => {
    const user = await open({}, 'oesterreich')
    await user.type(grades('schriftlich'), '2')
    const result = screen.getByRole('status', { name: 'Vorschlag' })
    expect(result).toHaveTextContent('Durchschnitt2,00Vorschlag2')
    expect(result).toHaveTextContent(
      'Nach LBVO § 20 zählt für die Zeugnisnote der zuletzt erreichte Leistungsstand mehr: Der Durchschnitt gewichtet alle Noten gleich und ist nur ein Anhaltspunkt.',
    )
  })

  it('adds, renames and removes categories', async () => {
    const user = await open()
    await user.click(screen.getByRole('button', { name: 'Kategorie hinzufügen' }))
    const name = within(group('Kategorie 3')).getByRole('textbox', { name: 'Kategorie' })
    await user.clear(name)
    await user.type(name, 'Projekt')
    expect(group('Projekt')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Kategorie mündlich entfernen' }))
    expect(screen.queryByRole('group', { name: 'mündlich' })).toBeNull()
  })

  it('deletes the kept inputs after asking', async () => {
    const user = await open()
    await user.type(grades('schriftlich'), '2')
    expect(readZeugnis()).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Eingaben löschen' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }))
    expect(readZeugnis()).toBeNull()
    expect(screen.getByRole('button', { name: 'Zeugnisnote berechnen' })).toBeInTheDocument()
  })
})

/** A table row's cells as their texts. */
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent)

describe('ZeugnisSection, several pupils', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('gives a proposal per pasted row, marks the borderline and names a row’s problem', async () => {
    const user = await open()
    await user.click(screen.getByRole('tab', { name: 'Mehrere Schüler' }))
    const rows = screen.getByRole('textbox', { name: 'Schülerinnen und Schüler, eine Zeile je Person' })
    expect(rows).toHaveAccessibleDescription(/„Name; schriftlich; mündlich“/)
    await user.click(rows)
    await user.paste('Anna; 2+ 3 3; 2 1-\nBen; 2,5; 2,5\nIda; 7; 3')
    const table = screen.getByRole('table', { name: /Vorschlag je Schülerin und Schüler/ })
    const body = within(table).getAllByRole('row').slice(1)
    // name, each category's grades and average, the average, the proposal, the notes
    expect(body.map(cellsOf)).toEqual([
      ['Anna', '2+ 3 3Ø 2,56', '2 1-Ø 1,65', '2,26', '2', ''],
      ['Ben', '2,5Ø 2,50', '2,5Ø 2,50', '2,50', '2', 'Grenzfall'],
      ['Ida', '7', '3Ø 3,00', '–', '–', 'Zeile 3: schriftlich: „7“ ist keine Note von 1 bis 6.'],
    ])
    // the grade that is none is marked where it stands, with its problem
    expect(within(table).getByText('7', { selector: 'mark' })).toHaveAttribute(
      'title',
      '„7“ ist keine Note von 1 bis 6.',
    )
    expect(screen.queryByText(/LBVO/)).toBeNull()
    expect(readZeugnis()).toMatchObject({
      mode: 'many',
      pupils: expect.stringContaining('Ben; 2,5') as string,
    })
  })

  it('says Punkte after each proposal in Notenpunkte, and names LBVO § 20 above the table in Austria', async () => {
    const user = await open({}, 'notenpunkte')
    await user.click(screen.getByRole('tab', { name: 'Mehrere Schüler' }))
    const rows = () => screen.getByRole('textbox', { name: 'Schülerinnen und Schüler, eine Zeile je Person' })
    await user.click(rows())
    await user.paste('Anna; 8 9; 8\nBen; 1; 1')
    const table = () => screen.getByRole('table', { name: /Vorschlag je Schülerin und Schüler/ })
    expect(within(table()).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['Anna', '8 9Ø 8,50', '8Ø 8,00', '8,33', '8 Punkte', ''],
      ['Ben', '1Ø 1,00', '1Ø 1,00', '1,00', '1 Punkt', 'Versetzung gefährdet'],
    ])
    cleanup()
    localStorage.clear()
    const again = await open({}, 'oesterreich')
    await again.click(screen.getByRole('tab', { name: 'Mehrere Schüler' }))
    await again.click(rows())
    await again.paste('Anna; 2; 1')
    expect(table()).toHaveAccessibleName(/^Vorschlag je Schülerin und Schüler\. Nach LBVO § 20 zählt/)
  })

  it('writes Swiss averages and proposals with a decimal point', async () => {
    const user = await open({}, 'schweiz')
    await user.click(screen.getByRole('tab', { name: 'Mehrere Schüler' }))
    await user.click(screen.getByRole('textbox', { name: 'Schülerinnen und Schüler, eine Zeile je Person' }))
    await user.paste('Anna; 4 4,5; 4,5')
    const table = screen.getByRole('table', { name: /Vorschlag je Schülerin und Schüler/ })
    // (2 · 4,25 + 1 · 4,5) : 3 = 4,33…, cut to 4.33, above the middle 4.25: 4.5
    const row = within(table).getAllByRole('row')[1]
    expect(row === undefined ? [] : cellsOf(row)).toEqual([
      'Anna',
      '4 4,5Ø 4.25',
      '4,5Ø 4.50',
      '4.33',
      '4.5',
      '',
    ])
  })
})

describe('ZeugnisSection, a gradebook sheet and the printout', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('assigns each column of a heading row, and keeps the head of the printout in this browser', async () => {
    const user = await open()
    await user.click(screen.getByRole('tab', { name: 'Mehrere Schüler' }))
    await user.click(screen.getByRole('textbox', { name: 'Schülerinnen und Schüler, eine Zeile je Person' }))
    await user.paste('Name\tKA1\tKA2\tmdl1\tBem\nKurz, Eva\t2\t\t\t\nLang, Tom\t5\t6\t5\t')
    const bem = screen.getByRole('combobox', { name: 'Spalte „Bem“' })
    expect(bem).toHaveValue('')
    expect(bem).toHaveAccessibleDescription('Keiner Kategorie zugeordnet: zählt nicht.')
    expect(screen.getByRole('combobox', { name: 'Spalte „KA2“' })).toHaveValue('schriftlich')
    const table = screen.getByRole('table', { name: /Vorschlag je Schülerin und Schüler/ })
    const [eva, tom] = within(table).getAllByRole('row').slice(1)
    // the rule's own warning (rule.ts, internal/zeugnis), as the CSV writes it, not a sentence of the table
    expect(eva).toHaveTextContent(
      'Kategorie „mündlich“ hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.',
    )
    expect(tom).toHaveTextContent('Versetzung gefährdet')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spalte „mdl1“' }), 'schriftlich')
    expect(readZeugnis()?.assign).toEqual({ mdl1: 'schriftlich' })
    await user.type(screen.getByRole('textbox', { name: 'Klasse' }), '7b')
    expect(readZeugnis()?.report).toEqual({ klasse: '7b', fach: '', lehrkraft: '', datum: '' })
  })
})

describe('ZeugnisSection, „Welche Note brauche ich noch?“', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('answers with the worst grade that reaches the aim, or that it is safe or out of reach', async () => {
    const user = await open()
    await user.click(screen.getByRole('tab', { name: 'Welche Note brauche ich noch?' }))
    await user.type(grades('schriftlich'), '2 3')
    await user.type(grades('mündlich'), '2')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ziel im Zeugnis' }), '2')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nächste Note in' }), 'schriftlich')
    const answer = screen.getByRole('status', { name: 'Nötige Note' })
    // schriftlich (2 + 3 + 3) / 3, weight 2, with mündlich 2: 2,44 → 2; with 3-: 2,51 → 3
    expect(answer).toHaveTextContent('Nötig ist mindestens3')
    expect(screen.getByText('Nötig ist mindestens 3.')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ziel im Zeugnis' }), '1')
    expect(answer).toHaveTextContent('Nicht mehr erreichbar')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ziel im Zeugnis' }), '4')
    expect(answer).toHaveTextContent('Schon sicher')
    expect(readZeugnis()).toMatchObject({ mode: 'need', need: { grade: '4', category: 'schriftlich' } })
  })

  it('names points as points: the aims, the needed grade and its working; the worst grade is no aim', async () => {
    const user = await open({}, 'notenpunkte')
    await user.click(screen.getByRole('tab', { name: 'Welche Note brauche ich noch?' }))
    await user.type(grades('schriftlich'), '8 9')
    await user.type(grades('mündlich'), '6')
    const aim = screen.getByRole('combobox', { name: 'Ziel im Zeugnis' })
    expect(within(aim).getByRole('option', { name: '15 Punkte oder besser' })).toBeInTheDocument()
    expect(within(aim).getByRole('option', { name: '1 Punkt oder besser' })).toBeInTheDocument()
    expect(within(aim).queryByRole('option', { name: /^0 Punkte/ })).toBeNull()
    await user.selectOptions(aim, '8')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nächste Note in' }), 'mündlich')
    // schriftlich 8,5 (weight 2), mündlich (6 + 5) / 2 = 5,5: 22,5 / 3 = 7,50 → 8; with 4: 7,33 → 7
    expect(screen.getByRole('status', { name: 'Nötige Note' })).toHaveTextContent(
      'Nötig sind mindestens5 Punkte',
    )
    expect(screen.getByText('Nötig sind mindestens 5 Punkte.')).toBeInTheDocument()
    expect(screen.getByText('Mit 4 Punkten: Durchschnitt 7,33, Vorschlag 7.')).toBeInTheDocument()
  })

  it('offers no aim of the worst grade, which is always reached', async () => {
    const user = await open()
    await user.click(screen.getByRole('tab', { name: 'Welche Note brauche ich noch?' }))
    const aim = screen.getByRole('combobox', { name: 'Ziel im Zeugnis' })
    expect(within(aim).getByRole('option', { name: '5 oder besser' })).toBeInTheDocument()
    expect(within(aim).queryByRole('option', { name: '6 oder besser' })).toBeNull()
  })

  it('says in German what is wrong with the weight, without the command’s member name', async () => {
    const user = await open()
    await user.click(screen.getByRole('tab', { name: 'Welche Note brauche ich noch?' }))
    await user.type(grades('schriftlich'), '2 3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ziel im Zeugnis' }), '2')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nächste Note in' }), 'schriftlich')
    await user.type(screen.getByRole('textbox', { name: 'Gewicht dieser Note' }), '0')
    expect(screen.getByRole('status', { name: 'Nötige Note' })).toHaveTextContent(
      /^Gewicht „0“ ist keine Zahl größer als 0\.$/,
    )
  })
})
