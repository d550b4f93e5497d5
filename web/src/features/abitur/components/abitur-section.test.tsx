import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AbiturSection from './abitur-section'

async function open() {
  const user = userEvent.setup()
  render(<AbiturSection />)
  await user.click(screen.getByRole('button', { name: 'Abiturnote berechnen' }))
  await screen.findByRole('heading', { name: 'Abiturnote' })
  return user
}

const result = () => screen.getByRole('status', { name: 'Abiturnote' })

describe('AbiturSection', () => {
  it('takes the focus when opened, in place of its button', async () => {
    await open()
    expect(screen.getByRole('heading', { name: 'Abiturnote' })).toHaveFocus()
  })

  it('gives the note of both blocks, what the next 0,1 needs and the working', async () => {
    const user = await open()
    expect(result()).toHaveTextContent('Punkte von Block I und Block II eingeben.')
    await user.type(screen.getByLabelText('Block I (Qualifikationsphase)'), '520')
    expect(result()).toHaveTextContent('Punkte von Block I und Block II eingeben.')
    await user.type(screen.getByLabelText('Block II (Abiturprüfung)'), '245')
    expect(result()).toHaveTextContent('Durchschnittsnote1,4')
    expect(result()).toHaveTextContent('Bestanden · 765 Punkte')
    expect(result()).toHaveTextContent('Für 1,3 fehlen noch 4 Punkte (ab 769 Punkten).')
    await user.click(screen.getByText('Rechenweg'))
    expect(screen.getByText(/17\/3 − 765\/180 = 1,4166…/)).toBeVisible()
  })

  it('takes the total instead, by keyboard', async () => {
    const user = await open()
    await user.click(screen.getByRole('radio', { name: 'nur die Gesamtpunktzahl' }))
    await user.type(screen.getByLabelText('Gesamtpunktzahl'), '823')
    expect(result()).toHaveTextContent('Durchschnittsnote1,0')
    expect(result()).toHaveTextContent('Besser geht es nicht.')
    await user.clear(screen.getByLabelText('Gesamtpunktzahl'))
    await user.type(screen.getByLabelText('Gesamtpunktzahl'), '822')
    expect(result()).toHaveTextContent('Durchschnittsnote1,1')
    expect(result()).toHaveTextContent('Für 1,0 fehlt noch 1 Punkt (ab 823 Punkten).')
  })

  it('names each minimum that failed, with its source', async () => {
    const user = await open()
    await user.type(screen.getByLabelText('Block I (Qualifikationsphase)'), '199')
    await user.type(screen.getByLabelText('Block II (Abiturprüfung)'), '300')
    await user.click(screen.getByText('Weitere Bedingungen prüfen (freiwillig)'))
    await user.type(screen.getByLabelText('davon unter 5 Punkten'), '9')
    expect(result()).toHaveTextContent('Nicht bestanden499 Punkte · keine Durchschnittsnote')
    expect(result()).not.toHaveTextContent('Durchschnittsnote1')
    const failed = within(screen.getByRole('list', { name: 'Nicht erfüllt' })).getAllByRole('listitem')
    expect(failed.map((li) => li.textContent)).toEqual([
      'Block I: 199 Punkte – mindestens 200 sind nötig (ein Drittel von 600).Quelle: KMK-Vereinbarung zur gymnasialen Oberstufe, Gesamtqualifikation: Block I',
      '9 von 40 Kursen unter 5 Punkten – höchstens 8 (20 %) sind erlaubt.Quelle: KMK-Vereinbarung zur gymnasialen Oberstufe, Gesamtqualifikation: Block I',
    ])
  })

  it('marks a number out of range at its field', async () => {
    const user = await open()
    const block1 = screen.getByLabelText('Block I (Qualifikationsphase)')
    await user.type(block1, '601')
    expect(block1).toHaveAttribute('aria-invalid', 'true')
    expect(block1).toHaveAccessibleDescription(/Eine ganze Zahl von 0 bis 600\./)
    expect(screen.getByLabelText('Block II (Abiturprüfung)')).not.toHaveAttribute('aria-invalid')
  })
})
