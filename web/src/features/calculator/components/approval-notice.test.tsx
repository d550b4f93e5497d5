import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { School } from '@/lib/school'
import { FakeApi, json } from '@/test/fake-api'
import { SCHOOL_KEY, useSchool } from '../use-school'
import { ApprovalNotice } from './approval-notice'

// The rules as GET /api/v1/school serves them (internal/school/rules.go), shortened where the words
// do not matter here.
const hessen: School = {
  land: 'HE',
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
        consequence:
          'Die Arbeit wird einmal wiederholt, es sei denn, die Schulleitung entscheidet nach Beratung, dass sie gewertet wird. Sie ist der Schulleitung deshalb vorzulegen.',
      },
      {
        over: [1, 2],
        atLeast: false,
        share: 'mehr als die Hälfte',
        kind: 'wiederholung',
        consequence: 'Die Arbeit wird wiederholt.',
      },
    ],
    remark:
      'Nach einer Wiederholung zählt für jede Schülerin und jeden Schüler die bessere der beiden Noten.',
  },
}
const nrw: School = {
  land: 'NW',
  name: 'Nordrhein-Westfalen',
  country: 'DE',
  note: 'Keine Regel mehr: der „Drittelerlass“ wurde im Mai 2006 aufgehoben.',
}
const counts = [
  { grade: '1', count: 1 },
  { grade: '2', count: 1 },
  { grade: '3', count: 2 },
  { grade: '4', count: 1 },
  { grade: '5', count: 3 },
  { grade: '6', count: 1 },
]
const base = { failingTerm: 'Anteil 5 und 6', heading: '7b Mathematik · 23.11.2026' }

const region = () => screen.getByRole('region', { name: 'Regel der Schule' })

describe('ApprovalNotice', () => {
  it('states plainly that Hessen’s rule applies, with the numbers and the linked source', () => {
    render(<ApprovalNotice {...base} graded={9} failing={4} school={hessen} />)
    expect(region()).toHaveTextContent(
      'Hessen (VOGSV § 34): 4 von 9 Arbeiten (44,4 %) sind schlechter als ausreichend, mehr als ein Drittel. Die Arbeit wird einmal wiederholt, es sei denn, die Schulleitung entscheidet',
    )
    expect(within(region()).getByRole('link', { name: 'VOGSV § 34' })).toHaveAttribute(
      'href',
      hessen.approval?.url,
    )
  })

  it('takes the stricter step above half', () => {
    render(<ApprovalNotice {...base} graded={9} failing={5} school={hessen} />)
    expect(region()).toHaveTextContent(
      '5 von 9 Arbeiten (55,6 %) sind schlechter als ausreichend, mehr als die Hälfte. Die Arbeit wird wiederholt.',
    )
  })

  it('says that exactly a third is below the rule', () => {
    render(<ApprovalNotice {...base} graded={9} failing={3} school={hessen} />)
    expect(region()).toHaveTextContent(
      '3 von 9 Arbeiten (33,3 %) sind schlechter als ausreichend. Die Schwelle der Regel (mehr als ein Drittel) ist nicht erreicht.',
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('states only the share without a Land', () => {
    render(<ApprovalNotice {...base} graded={9} failing={4} school={{ land: null }} />)
    expect(region()).toHaveTextContent(
      'Kein Bundesland eingestellt. Anteil 5 und 6: 4 von 9 Arbeiten (44,4 %).',
    )
    expect(region()).not.toHaveTextContent('Schulleitung')
  })

  it('writes the share with a point on a Swiss scale', () => {
    render(
      <ApprovalNotice
        {...base}
        failingTerm="Anteil unter 4"
        separator="."
        graded={9}
        failing={4}
        school={{ land: 'ZH', name: 'Zürich', country: 'CH', note: '' }}
      />,
    )
    expect(region()).toHaveTextContent('Zürich. Anteil unter 4: 4 von 9 Arbeiten (44.4 %).')
  })

  it('names a Land without a rule and why', () => {
    render(<ApprovalNotice {...base} graded={9} failing={4} school={nrw} />)
    expect(region()).toHaveTextContent(
      'Nordrhein-Westfalen. Anteil 5 und 6: 4 von 9 Arbeiten (44,4 %). Keine Regel mehr',
    )
  })

  it('shows nothing without a graded test', () => {
    render(<ApprovalNotice {...base} graded={0} failing={0} school={hessen} />)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('prints a name-free note for the Schulleitung on its own', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    render(
      <ApprovalNotice {...base} graded={9} failing={4} school={hessen} counts={counts} date="28.11.2026" />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Vorlage für die Schulleitung drucken' }))
    expect(print).toHaveBeenCalledOnce()
    const note = document.querySelector('[data-printing]')
    expect(note).not.toBeNull()
    expect(document.documentElement.dataset.print).toBe('')
    expect(note).toHaveTextContent('Vorlage für die Schulleitung')
    expect(note).toHaveTextContent('Klassenarbeit: 7b Mathematik · 23.11.2026 · vorgelegt am 28.11.2026')
    expect(note).toHaveTextContent('Note123456Anzahl112131')
    expect(note).toHaveTextContent(
      '4 von 9 Arbeiten (44,4 %) sind schlechter als ausreichend: mehr als ein Drittel.',
    )
    expect(note).toHaveTextContent('Regel (Hessen): VOGSV § 34.')
    expect(note).toHaveTextContent(`Quelle: ${hessen.approval?.title}, ${hessen.approval?.url}`)
    expect(note).toHaveTextContent('Datum, Unterschrift der Schulleitung')
    window.dispatchEvent(new Event('afterprint'))
    expect(document.documentElement.dataset.print).toBeUndefined()
    print.mockRestore()
  })
})

describe('useSchool', () => {
  let api: FakeApi
  beforeEach(() => {
    localStorage.clear()
    api = new FakeApi().install()
  })

  it('asks the server once enabled, and keeps the answer for the next visit', async () => {
    api.on('GET /school', json(200, hessen))
    const { result, rerender } = renderHook(({ on }) => useSchool(on), { initialProps: { on: false } })
    expect(result.current).toEqual({ school: null, stale: true })
    expect(api.calls).toHaveLength(0)
    rerender({ on: true })
    await waitFor(() => {
      expect(result.current).toEqual({ school: hessen, stale: false })
    })
    expect(JSON.parse(localStorage.getItem(SCHOOL_KEY) ?? 'null')).toEqual(hessen)
  })

  it('shows the kept answer, marked stale, when the server cannot be reached', async () => {
    localStorage.setItem(SCHOOL_KEY, JSON.stringify(hessen))
    api.on('GET /school', () => Promise.reject(new TypeError('offline')))
    const { result } = renderHook(() => useSchool())
    expect(result.current).toEqual({ school: hessen, stale: true })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(api.calls.map((c) => c.path)).toEqual(['/school'])
    expect(result.current).toEqual({ school: hessen, stale: true })
  })
})
