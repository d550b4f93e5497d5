import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { ConfigEditor } from './config-editor'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const boundary = (g: number) =>
  screen.getByRole('textbox', { name: `Grenze zwischen Note ${String(g)} und ${String(g + 1)}` })
const boundaries = () => [1, 2, 3, 4, 5].map((g) => (boundary(g) as HTMLInputElement).value)

async function openRule() {
  const user = userEvent.setup()
  renderFeature(<ConfigEditor />, { live: standardLiveConfig(3) })
  await user.click(screen.getByText('Notengrenzen nach Regel (Knickpunkt) …'))
  return user
}

describe('RuleFill (Knickpunkt) in the editor', () => {
  it('fills the five boundaries from pass mark and top, rounded, and saves only on "Speichern"', async () => {
    const user = await openRule()
    await user.type(screen.getByRole('textbox', { name: 'Note 4 über' }), '50')
    await user.type(screen.getByRole('textbox', { name: 'Note 1 über' }), '90')
    expect(
      screen.getByText('Ergibt: 1 über 90 %, 2 über 77 %, 3 über 63 %, 4 über 50 %, 5 über 25 %.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Notengrenzen füllen' }))
    expect(boundaries()).toEqual(['90', '77', '63', '50', '25'])
    expect(screen.getByText('Ungespeicherte Änderungen.')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'halbe Prozent' }))
    await user.click(screen.getByRole('button', { name: 'Notengrenzen füllen' }))
    expect(boundaries()).toEqual(['90', '76,5', '63,5', '50', '25'])
    // the band widths stay as they were
    expect(screen.getByRole('textbox', { name: 'Minus-Bereich' })).toHaveValue('33,33')
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0)

    api.on('PUT /config', json(200, standardLiveConfig(4)))
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    const [put] = api.callsTo('PUT /config')
    const grades = (put?.body as { grades: Record<string, { min: number; max: number }> }).grades
    expect(grades).toEqual({
      '1': { min: 90, max: 100 },
      '2': { min: 76.5, max: 90 },
      '3': { min: 63.5, max: 76.5 },
      '4': { min: 50, max: 63.5 },
      '5': { min: 25, max: 50 },
      '6': { min: 0, max: 25 },
    })
  })

  it('says what is wrong with the numbers and fills nothing', async () => {
    const user = await openRule()
    await user.click(screen.getByRole('button', { name: 'Notengrenzen füllen' }))
    expect(screen.getByRole('textbox', { name: 'Note 4 über' })).toHaveAccessibleDescription(
      expect.stringContaining('Pflichtfeld.') as string,
    )
    await user.type(screen.getByRole('textbox', { name: 'Note 4 über' }), '60')
    await user.type(screen.getByRole('textbox', { name: 'Note 1 über' }), '55')
    await user.click(screen.getByRole('button', { name: 'Notengrenzen füllen' }))
    expect(screen.getByRole('textbox', { name: 'Note 1 über' })).toHaveAccessibleDescription(
      expect.stringContaining('Muss größer als die Grenze der Note 4 und kleiner als 100 sein.') as string,
    )
    expect(boundaries()).toEqual(['85', '70', '55', '40', '20'])
  })
})
