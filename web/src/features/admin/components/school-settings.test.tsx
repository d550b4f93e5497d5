import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SchoolLand } from '@/lib/school'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { renderFeature } from '@/test/render'
import { SchoolSettings } from './school-settings'

let api: FakeApi

const hessen: SchoolLand = {
  code: 'HE',
  name: 'Hessen',
  country: 'DE',
  approval: {
    source: 'VOGSV § 34',
    title: 'Verordnung zur Gestaltung des Schulverhältnisses (Hessen), § 34',
    url: 'https://www.rv.hessenrecht.hessen.de/bshe/document/hevr-SchulVerhGVHE2011V4IVZ',
    failing: ['5', '6'],
    failingTerm: 'schlechter als ausreichend',
    steps: [
      {
        over: [1, 3],
        atLeast: false,
        share: 'mehr als ein Drittel',
        kind: 'schulleitung',
        consequence: 'Die Schulleitung entscheidet.',
      },
      {
        over: [1, 2],
        atLeast: false,
        share: 'mehr als die Hälfte',
        kind: 'wiederholung',
        consequence: 'Die Arbeit wird wiederholt.',
      },
    ],
  },
}
const lands: SchoolLand[] = [
  { code: 'BY', name: 'Bayern', country: 'DE', approval: null, note: 'Keine solche Regel.' },
  hessen,
  { code: 'CH-ZH', name: 'Zürich', country: 'CH', approval: null, note: 'Keine kantonale Regel gefunden.' },
  { code: 'AT-9', name: 'Wien', country: 'AT', approval: null, note: 'Bundesrecht.' },
]
const LABEL = 'Bundesland / Kanton / Land der Schule'

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: testUser() }))
    .on('GET /school/lands', json(200, { lands }))
})

describe('SchoolSettings', () => {
  it('offers every choice grouped by country, with none, and shows the saved one', async () => {
    api.on('GET /school', json(200, { land: null }))
    renderFeature(<SchoolSettings />)
    const select = await screen.findByRole('combobox', { name: LABEL })
    expect(select).toHaveValue('')
    expect(within(select).getByRole('option', { name: 'keins' })).toBeInTheDocument()
    expect(within(select).getByRole('group', { name: 'Deutschland' })).toHaveTextContent('BayernHessen')
    expect(within(select).getByRole('group', { name: 'Schweiz' })).toHaveTextContent('Zürich (CH-ZH)')
    expect(within(select).getByRole('group', { name: 'Österreich' })).toHaveTextContent('Wien (AT-9)')
    expect(screen.getByText('Ohne Land nennt der Notenspiegel nur den Anteil.')).toBeInTheDocument()
  })

  it('shows the rule with its source, saves with the keyboard and says so', async () => {
    api.on('GET /school', json(200, { land: null }))
    api.on('PUT /school', json(200, { land: 'HE', name: 'Hessen', country: 'DE', approval: hessen.approval }))
    renderFeature(<SchoolSettings />)
    const select = await screen.findByRole('combobox', { name: LABEL })
    await userEvent.selectOptions(select, 'HE')
    expect(screen.getByRole('link', { name: 'VOGSV § 34' })).toHaveAttribute('href', hessen.approval?.url)
    expect(
      screen.getByText(
        /Sind mehr als ein Drittel der Arbeiten schlechter als ausreichend: Die Schulleitung entscheidet\./,
      ),
    ).toBeInTheDocument()
    select.focus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Land der Schule: Hessen.')).toBeInTheDocument()
    expect(api.callsTo('PUT /school').map((c) => c.body)).toEqual([{ land: 'HE' }])
    // nothing left to save: unavailable, yet it keeps the focus (a disabled button would drop it)
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(api.callsTo('PUT /school')).toHaveLength(1)
  })

  it('clears the Land with none', async () => {
    api.on('GET /school', json(200, { land: 'HE', name: 'Hessen', country: 'DE', approval: hessen.approval }))
    api.on('PUT /school', json(200, { land: null }))
    renderFeature(<SchoolSettings />)
    const select = await screen.findByRole('combobox', { name: LABEL })
    expect(select).toHaveValue('HE')
    await userEvent.selectOptions(select, '')
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Kein Land der Schule eingestellt.')).toBeInTheDocument()
    expect(api.callsTo('PUT /school').map((c) => c.body)).toEqual([{ land: null }])
  })

  it('shows the server’s refusal at the field', async () => {
    api.on('GET /school', json(200, { land: null }))
    api.on(
      'PUT /school',
      apiError(422, 'validation_failed', 'Bitte die markierten Felder prüfen.', {
        fields: { land: 'Unbekanntes Land. Erlaubt sind BW, BY … oder leer für keins.' },
      }),
    )
    renderFeature(<SchoolSettings />)
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: LABEL }), 'BY')
    expect(screen.getByText('Keine solche Regel.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(
      await screen.findByText('Unbekanntes Land. Erlaubt sind BW, BY … oder leer für keins.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: LABEL })).toHaveAttribute('aria-invalid', 'true')
  })
})
