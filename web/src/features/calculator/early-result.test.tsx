import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScaleDocument } from '@/lib/config'
import { EMBEDDED_CONFIG_ID } from '@/lib/embedded-config'
import { shownGrade } from '@/lib/grade-words'
import { keyOf } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'
import { documentOf } from '@/test/live-config'
import { servedJson } from '@/test/served'
import { CalculatorForm } from './components/calculator-form'
import { calculate } from './grading'

// The early result on the server's very markup (CalculatorForm rendered to a string, as web/render.go
// does), for documents of every system (testdata/grading/rule-documents.json and the original's
// standard configuration): it must show what the app
// shows for the same input, in the same places, and stop when the app takes the page over.

const read = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../../testdata/grading', name), 'utf8')) as unknown
const documents = (
  read('rule-documents.json') as { cases: { name: string; canonical?: unknown }[] }
).cases.flatMap((c) => (c.canonical === undefined ? [] : [[c.name, documentOf(c.canonical)] as const]))
const original = documentOf(read('configs/standard.json'))
const all = [['the original 1–6 with + and −', original] as const, ...documents]

function serverPage(doc: ScaleDocument) {
  document.body.innerHTML = `<div id="root">${renderToString(<CalculatorForm config={doc} version={3} />)}</div>`
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = EMBEDDED_CONFIG_ID
  block.dataset.schluessel = ''
  block.textContent = servedJson({ version: 3, savedAt: '2026-11-25T08:00:00Z', config: doc })
  document.body.append(block)
}

function type(label: string, value: string) {
  const input = document.querySelectorAll('input')[label === 'total' ? 0 : 1]
  if (input === undefined) throw new Error('no input')
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

const shown = () =>
  Array.from(document.querySelectorAll('output')).map((o) => [o.textContent, o.classList.contains('text-lg')])

// fresh module state (started, taken over) for every test
let early: typeof import('./early-result')
beforeEach(async () => {
  vi.resetModules()
  early = await import('./early-result')
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('startEarlyResult', () => {
  it('has documents of several systems to try', () => {
    expect(new Set(all.map(([, d]) => `${d.rule.system} ${d.rule.kind}`)).size).toBeGreaterThan(3)
  })

  it.each(all)('shows what the app shows: %s', (_, doc) => {
    serverPage(doc)
    early.startEarlyResult()
    const key = keyOf(doc)
    for (const [total, achieved] of [
      ['40', '30'],
      ['40', '31,5'],
      ['17', '0,5'],
      ['40', '45'],
      ['40', 'x'],
      ['', '3'],
    ] as const) {
      type('total', total)
      type('achieved', achieved)
      const r = calculate(key, total, achieved)
      const percentage = inNotation(r.percentage, notationOf(key.system))
      const grade = shownGrade(key, r.grade, r.alt)
      expect(shown()).toEqual([
        [percentage, percentage.length > 7],
        [grade, grade.length > 7],
      ])
    }
  })

  it('stops when the app takes the page over', () => {
    serverPage(original)
    early.startEarlyResult()
    type('total', '40')
    type('achieved', '30')
    const before = shown()
    expect(before[0]?.[0]).not.toBe('')
    early.takeOverEarlyResult()
    type('achieved', '20')
    expect(shown()).toEqual(before)
  })

  it('does nothing on a page rendered for another scale, or without markup', () => {
    serverPage(original)
    const block = document.getElementById(EMBEDDED_CONFIG_ID)
    if (block === null) throw new Error('no block')
    block.dataset.schluessel = 'bio'
    early.startEarlyResult()
    type('total', '40')
    type('achieved', '30')
    expect(shown().map(([text]) => text)).toEqual(['', ''])
  })

  it('waits for the app where the address holds the key for this test, which is not the school’s', () => {
    serverPage(original)
    window.history.replaceState(null, '', '/?stand=3&bestehen=45')
    try {
      early.startEarlyResult()
      type('total', '40')
      type('achieved', '30')
      expect(shown().map(([text]) => text)).toEqual(['', ''])
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })
})
