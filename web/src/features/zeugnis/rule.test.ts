import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rational } from '@/lib/rational'
import { zeugnisNeeded, type ZeugnisTarget } from './needed'
import { propose, type SystemRules } from './proposal'
import {
  gradeProblem,
  splitGrades,
  weightProblem,
  zeugnisnote,
  zeugnisSystemOf,
  type ZeugnisCategory,
  type ZeugnisRequest,
} from './rule'

// The Zeugnisnote against the vectors internal/zeugnis passes (testdata/zeugnis): the oracle's answers
// (cases.json), the refused inputs with their exact German messages (invalid.json) and the working
// sentences (working.json).
const vectors = join(import.meta.dirname, '../../../../testdata/zeugnis')

/**
 * A vector file with every JSON number turned into the text it is written as ("12", "1e2"): the command
 * reads a number as written (docs/spec.md §9), the page only has texts, and JSON.parse would write 1e2 as 100.
 */
function readVectors<T>(name: string): T[] {
  const raw = readFileSync(join(vectors, name), 'utf8')
  // A string (with its escapes) is kept; a number outside strings is quoted.
  const text = raw.replace(/"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*/g, (token) =>
    token.startsWith('"') ? token : `"${token}"`,
  )
  const list = JSON.parse(text) as T[]
  expect(list.length).toBeGreaterThan(0)
  return list
}

interface Case {
  name: string
  input: ZeugnisRequest & { target?: ZeugnisTarget }
  average: string
  proposal: string
  borderline: boolean
  warnings?: string[]
}
interface Invalid {
  name: string
  input?: unknown
  raw?: string
  message: string
}
interface Working {
  name: string
  input: ZeugnisRequest
  steps: string[]
}

const cases = readVectors<Case>('cases.json')
const invalid = readVectors<Invalid>('invalid.json')
const working = readVectors<Working>('working.json')
const needed = readVectors<
  Case & { needed: { answer: string; grade: string; average: string; proposal: string } }
>('needed.json')

/**
 * Refused inputs about the JSON itself, which a request of texts cannot be: the page builds its request,
 * it never reads JSON. The test fails when a name here is no case of invalid.json.
 */
const NOT_APPLICABLE: Record<string, string> = {
  'unknown member': 'an unknown member: a request has only its typed fields',
  'unknown member of a category': 'an unknown member: a request has only its typed fields',
  'unknown member of a grade': 'an unknown member: a request has only its typed fields',
  'categories not a list': 'a wrong JSON type: categories is an array by its type',
  'grades not a list': 'a wrong JSON type: grades is an array by its type',
  'system a number': 'a wrong JSON type: here every number is text, so 1 would be the system "1"',
  'grade true': 'a wrong JSON type: a grade is text by its type',
  'not an object': 'a wrong JSON type: the request is an object by its type',
  'repeated member': 'raw bytes: an object has no repeated members',
  'broken JSON': 'raw bytes: no JSON value',
  'trailing text': 'raw bytes: no JSON value',
  'empty input': 'raw bytes: no JSON value',
  'weight with an exponent': 'raw bytes: the number 1e2, which JSON.parse writes as 100',
  'target unknown member': 'an unknown member: a target has only its typed fields',
  'target not an object': 'a wrong JSON type: the target is an object by its type',
}

describe('zeugnisnote', () => {
  it('has every vector file in full', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200)
    expect(invalid.length).toBeGreaterThanOrEqual(50)
    expect(working.length).toBeGreaterThanOrEqual(6)
  })

  it.each(cases)('$name', ({ input, average, proposal, borderline, warnings }) => {
    const answer = zeugnisnote(input)
    if (!answer.ok) throw new Error(answer.message)
    expect({ ...answer.result, steps: undefined }).toEqual({
      average,
      proposal,
      borderline,
      steps: undefined,
      ...(warnings === undefined ? {} : { warnings }),
    })
    expect(answer.result.steps.length).toBeGreaterThanOrEqual(3)
  })

  it('names only refused inputs that exist as not applicable', () => {
    const names = new Set(invalid.map((c) => c.name))
    expect(Object.keys(NOT_APPLICABLE).filter((n) => !names.has(n))).toEqual([])
  })

  it.each(invalid.filter((c) => !(c.name in NOT_APPLICABLE)))('refuses $name', ({ input, raw, message }) => {
    expect(raw).toBeUndefined()
    const { target, ...request } = input as Case['input']
    const answer = target === undefined ? zeugnisnote(request) : zeugnisNeeded(request, target)
    expect(answer).toEqual({ ok: false, message })
  })

  it.each(working)('writes the working of $name', ({ input, steps }) => {
    const answer = zeugnisnote(input)
    if (!answer.ok) throw new Error(answer.message)
    expect(answer.result.steps).toEqual(steps)
  })
})

describe('zeugnisNeeded', () => {
  it('has the vectors of needed.json', () => {
    expect(needed.length).toBeGreaterThanOrEqual(50)
  })

  it.each(needed)('$name', ({ input, average, proposal, warnings, needed: want }) => {
    const { target, ...request } = input
    if (target === undefined) throw new Error('a case of needed.json without its target')
    const answer = zeugnisNeeded(request, target)
    if (!answer.ok) throw new Error(answer.message)
    expect([answer.result.average, answer.result.proposal, answer.result.warnings]).toEqual([
      average,
      proposal,
      warnings,
    ])
    const { steps, ...got } = answer.needed
    expect(got).toEqual(want)
    // the needed grade as the system names a result: "3-", "7 Punkte", "1 Punkt"
    const grade = want.grade.replace(/[+.]/g, '\\$&')
    const last = {
      grade: `^Nötig (ist|sind) mindestens ${grade}( Punkte?)?\\.$`,
      safe: 'ist schon sicher\\.$',
    }[want.answer]
    expect(steps.at(-1)).toMatch(new RegExp(last ?? 'ist nicht mehr erreichbar\\.$'))
  })
})

describe('the working of zeugnisNeeded', () => {
  it.each(readVectors<{ name: string; input: Case['input']; steps: string[] }>('needed-working.json'))(
    '$name',
    ({ input, steps }) => {
      const { target, ...request } = input
      if (target === undefined) throw new Error('a case without its target')
      const answer = zeugnisNeeded(request, target)
      expect(answer.ok && answer.needed.steps).toEqual(steps)
    },
  )
})

describe('gradeProblem and weightProblem', () => {
  // Each refused grade of invalid.json, asked alone, gets the message without its category.
  const refusedGrades = invalid.flatMap(({ name, input, message }) => {
    const problem = /^schriftlich: („.*“ ist .*)$/.exec(message)?.[1]
    if (problem === undefined) return []
    const { system, categories } = input as ZeugnisRequest
    const last = categories[0]?.grades.at(-1)
    return typeof last === 'string' ? [{ name, system, text: last, problem }] : []
  })

  it('find every refused grade of the vectors', () => {
    expect(refusedGrades.length).toBeGreaterThanOrEqual(20)
  })

  it.each(refusedGrades)('$name', ({ system, text, problem }) => {
    expect(gradeProblem(system, text)).toBe(problem)
  })

  it('accept every grade of the cases', () => {
    for (const { input } of cases) {
      for (const c of input.categories) {
        // A category of the vectors may leave out its grades, as the command allows.
        const grades = c.grades as ZeugnisCategory['grades'] | undefined
        for (const g of grades ?? []) {
          const text = typeof g === 'string' ? g : g.grade
          expect(gradeProblem(input.system, text), text).toBeNull()
          if (typeof g !== 'string' && g.weight !== undefined) expect(weightProblem(g.weight)).toBeNull()
        }
        if (c.weight !== undefined) expect(weightProblem(c.weight)).toBeNull()
      }
    }
  })

  it.each([
    ['0', 'Gewicht „0“ ist keine Zahl größer als 0.'],
    ['-1', 'Gewicht „-1“ ist keine Zahl größer als 0.'],
    ['1/3', 'Gewicht „1/3“ ist keine Zahl größer als 0.'],
    ['1e2', 'Gewicht „1e2“ ist keine Zahl größer als 0.'],
    [' ', 'Gewicht „ “ ist keine Zahl größer als 0.'],
    ['', null],
    [' 0,5\t', null],
    ['1.5', null],
  ])('weightProblem(%j)', (text, problem) => {
    expect(weightProblem(text)).toBe(problem)
  })
})

describe('splitGrades', () => {
  it.each([
    ['2+ 3  1-', ['2+', '3', '1-']],
    ['\t2+\t3\n', ['2+', '3']],
    ['2,3', ['2,3']],
    ['2,3 4,5', ['2,3', '4,5']],
    ['1-, 2+', ['1-', '2+']],
    ['1-,2+', ['1-', '2+']],
    ['2; 3;4', ['2', '3', '4']],
    ['12,13', ['12,13']],
    ['2, 3,', ['2', '3']],
    [',5 ;; ', ['5']],
    ['', []],
  ])('%j', (text, grades) => {
    expect(splitGrades(text)).toEqual(grades)
  })
})

describe('zeugnisSystemOf', () => {
  it.each([
    ['noten-plus-minus', 'noten-plus-minus'],
    ['noten', 'noten'],
    ['noten-dezimal', 'noten-dezimal'],
    ['notenpunkte', 'notenpunkte'],
    ['schweiz', 'schweiz'],
    ['oesterreich', 'oesterreich'],
    ['toString', 'noten-plus-minus'],
    ['unbekannt', 'noten-plus-minus'],
    ['de', 'noten-plus-minus'],
  ])('%s → %s', (id, system) => {
    expect(zeugnisSystemOf(id)).toBe(system)
  })
})

describe('the short names de, np, ch and at', () => {
  it.each([
    ['de', 'noten-plus-minus', ['2-', '3+', '2,5']],
    ['np', 'notenpunkte', ['7', '12']],
    ['ch', 'schweiz', ['4,75', '5']],
    ['at', 'oesterreich', ['2', '3']],
  ])('%s answers as %s', (alias, id, grades) => {
    const answer = (system: string) => zeugnisnote({ system, categories: [{ name: 's', grades }] })
    expect(answer(alias)).toEqual(answer(id))
    expect(answer(alias).ok).toBe(true)
  })

  it('are no grading ids of their own: a grade problem names the ids', () => {
    expect(gradeProblem('DE', '2')).toBe(
      'Unbekanntes Notensystem „DE“: erlaubt sind noten-plus-minus, noten, noten-dezimal, notenpunkte, schweiz und oesterreich.',
    )
    expect(gradeProblem('np', '16')).toBe('„16“ ist keine Punktzahl von 0 bis 15.')
  })
})

describe('zeugnisnote on what no form builds', () => {
  // The page may hand over anything a caller put together at run time; the answer is a message, never a throw.
  const throwing = Object.defineProperty({}, 'system', {
    get() {
      throw new Error('read')
    },
  })
  it.each([
    ['null', null, 'Die Eingabe ist kein JSON-Objekt.'],
    ['a getter that throws', throwing, 'Die Eingabe ist kein JSON-Objekt.'],
    [
      'no categories',
      { system: 'de' },
      'Keine Note angegeben: der Durchschnitt braucht mindestens eine Note.',
    ],
    ['a category null', { system: 'de', categories: [null] }, 'Kategorie 1 hat keinen Namen.'],
    [
      'a grade null',
      { system: 'at', categories: [{ name: 's', grades: [null] }] },
      's: „“ ist keine Note von 1 bis 5.',
    ],
    [
      'a grade a number',
      { system: 'np', categories: [{ name: 's', grades: [16] }] },
      's: „16“ ist keine Punktzahl von 0 bis 15.',
    ],
    [
      'a name an object',
      { system: 'de', categories: [{ name: {}, grades: ['2'] }] },
      'Kategorie 1 hat keinen Namen.',
    ],
    [
      'a lone surrogate',
      { system: 'de', categories: [{ name: 'a\ud800', grades: ['\udc00'] }] },
      'a\ufffd: „\ufffd“ ist keine Note von 1 bis 6.',
    ],
  ])('%s', (_, request, message) => {
    expect(zeugnisnote(request as unknown as ZeugnisRequest)).toEqual({ ok: false, message })
  })
})

describe('propose past an end of the range', () => {
  // As internal/zeugnis TestProposeClamps: only 1+ gets there in the vectors (working.json).
  const de: SystemRules = { lo: rational(1n), hi: rational(6n), step: rational(1n), higherBetter: false }
  const np: SystemRules = { lo: rational(0n), hi: rational(15n), step: rational(1n), higherBetter: true }
  it.each([
    [de, rational(40n, 100n), '0,40 ist besser als 1, die beste Note: Vorschlag 1.'],
    [de, rational(670n, 100n), '6,70 ist schlechter als 6, die schlechteste Note: Vorschlag 6.'],
    [np, rational(1560n, 100n), '15,60 ist besser als 15, die beste Note: Vorschlag 15.'],
  ] as const)('%#: %s', (r, cut, sentence) => {
    const got = propose(cut, r, false)
    expect([got.borderline, got.sentences]).toEqual([false, [sentence]])
  })
})
