import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SprachrichtigkeitSection } from './sprachrichtigkeit-section'

async function open(setting?: unknown) {
  const user = userEvent.setup()
  render(<SprachrichtigkeitSection setting={setting} />)
  await user.click(screen.getByRole('button', { name: 'Fehlerquotient berechnen' }))
  await screen.findByRole('heading', { name: 'Sprachrichtigkeit' })
  return user
}

const result = () => screen.getByRole('status')

describe('Sprachrichtigkeit', () => {
  it('takes the focus when opened, in place of its button', async () => {
    await open()
    expect(screen.getByRole('heading', { name: 'Sprachrichtigkeit' })).toHaveFocus()
  })

  it('computes the example of docs/spec.md §13 and, with the Oberstufe rule, its deduction and source', async () => {
    const user = await open()
    await user.type(screen.getByRole('textbox', { name: 'Wörter' }), '350')
    await user.type(screen.getByRole('textbox', { name: /^Fehler/ }), '10,5')
    expect(result()).toHaveTextContent('Fehlerquotient3,00')
    expect(result()).toHaveTextContent('10,5 Fehler × 100 : 350 Wörter = 3,00.')
    expect(result()).not.toHaveTextContent('Abzug')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Umrechnung' }),
      'Hessen, gymnasiale Oberstufe',
    )
    expect(result()).toHaveTextContent('Abzug1 Notenpunkt')
    expect(result()).toHaveTextContent('Der Fehlerquotient erreicht 3, aber nicht 6: 1 Notenpunkt Abzug')
    expect(result()).toHaveTextContent(
      'Quelle: Oberstufen- und Abiturverordnung (OAVO), Anlage 9: ab einem Fehlerquotienten von 3: 1 Notenpunkt, ab 6: 2 Notenpunkte Abzug, höchstens 2 Notenpunkte.',
    )
  })

  it('cuts the quotient and deducts nothing just below the step', async () => {
    const user = await open()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Umrechnung' }), 'hessen-oberstufe')
    await user.type(screen.getByRole('textbox', { name: 'Wörter' }), '317')
    await user.type(screen.getByRole('textbox', { name: /^Fehler/ }), '9.5')
    expect(result()).toHaveTextContent('Fehlerquotient2,99')
    expect(result()).toHaveTextContent('Abzugkein Abzug')
  })

  it('names a wrong field once it is left, linked to it, and every empty field on Enter', async () => {
    const user = await open()
    const words = screen.getByRole('textbox', { name: 'Wörter' })
    const errors = screen.getByRole('textbox', { name: /^Fehler/ })
    await user.type(errors, '10,25')
    expect(errors).not.toHaveAttribute('aria-invalid')
    await user.tab()
    expect(errors).toHaveAttribute('aria-invalid', 'true')
    expect(errors).toHaveAccessibleDescription(
      'Die Fehler sind eine Zahl von 0 bis 100000 in halben Schritten, z. B. 10 oder 10,5.',
    )
    expect(words).not.toHaveAttribute('aria-invalid')
    await user.type(words, '{Enter}')
    expect(words).toHaveAccessibleDescription('Bitte die Zahl der Wörter eingeben.')
    expect(result()).toHaveTextContent('Wörter und Fehler eingeben')
  })

  it("chooses the scale's published rule, and the teacher may choose another", async () => {
    const user = await open({ preset: 'hessen-oberstufe' })
    const select = screen.getByRole('combobox', { name: 'Umrechnung' })
    expect(select).toHaveValue('hessen-oberstufe')
    await user.type(screen.getByRole('textbox', { name: 'Wörter' }), '100')
    await user.type(screen.getByRole('textbox', { name: /^Fehler/ }), '6')
    expect(result()).toHaveTextContent('Abzug2 Notenpunkte')
    await user.selectOptions(select, 'keine Umrechnung')
    expect(result()).not.toHaveTextContent('Abzug')
  })

  it("offers the school's own rule by its name, chosen, with its working and no source", async () => {
    const user = await open({
      name: 'Deutsch Sek I',
      unit: 'drittel',
      steps: [
        { from: '2,5', deduction: 1 },
        { from: '5', deduction: 2 },
      ],
      max: 2,
      minWords: 150,
    })
    const select = screen.getByRole('combobox', { name: 'Umrechnung' })
    expect(select).toHaveDisplayValue('Regel der Schule: Deutsch Sek I')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'keine Umrechnung',
      'Hessen, gymnasiale Oberstufe',
      'Regel der Schule: Deutsch Sek I',
    ])
    await user.type(screen.getByRole('textbox', { name: 'Wörter' }), '200')
    await user.type(screen.getByRole('textbox', { name: /^Fehler/ }), '5')
    expect(result()).toHaveTextContent('Abzug⅓ Note')
    expect(result()).toHaveTextContent(
      'Der Fehlerquotient erreicht 2,5, aber nicht 5: ⅓ Note Abzug (Regel der Schule).',
    )
    expect(result()).toHaveTextContent(
      'Regel der Schule „Deutsch Sek I“: ab einem Fehlerquotienten von 2,5: ⅓ Note, ab 5: ⅔ Note Abzug, höchstens ⅔ Note, erst ab 150 Wörtern.',
    )
    expect(result()).not.toHaveTextContent('Quelle')
  })

  it('follows the scale live until the teacher chooses, and a setting it cannot read is no conversion', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<SprachrichtigkeitSection />)
    await user.click(screen.getByRole('button', { name: 'Fehlerquotient berechnen' }))
    const select = await screen.findByRole('combobox', { name: 'Umrechnung' })
    expect(select).toHaveValue('')
    rerender(<SprachrichtigkeitSection setting={{ preset: 'hessen-oberstufe' }} />)
    expect(select).toHaveValue('hessen-oberstufe')
    rerender(<SprachrichtigkeitSection setting={{ preset: 'bayern' }} />)
    expect(select).toHaveValue('')
    await user.selectOptions(select, 'hessen-oberstufe')
    rerender(<SprachrichtigkeitSection />)
    expect(select).toHaveValue('hessen-oberstufe')
  })
})
