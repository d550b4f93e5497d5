// The Abitur average (docs/spec.md §12), as internal/grading/abitur.go: the Durchschnittsnote of the KMK's
// Vereinbarung zur Gestaltung der gymnasialen Oberstufe und der Abiturprüfung (its Anlage,
// N = 17/3 − E/180 cut after the first decimal) from the total E of Block I and Block II, with the minimums
// of the Gesamtqualifikation. Whole points only, so every step is exact integer arithmetic on numbers far
// below 2^53: N = (1020 − E)/180 and its tenths are ⌊(1020 − E)/18⌋.

/** What a pupil types, keyed as the command's flags; an empty or absent field is not given. */
export interface AbiturInput {
  gesamt?: string
  block1?: string
  block2?: string
  kurse?: string
  unter5?: string
  pruefungen?: string
}

export type AbiturField = keyof AbiturInput

export interface AbiturFailure {
  rule: string
  message: string
  source: string
}

export interface AbiturNext {
  note: string
  total: number
  missing: number
}

/** The answer; note is empty unless passed (the Durchschnittsnote comes only with every minimum met). */
export interface AbiturResult {
  note: string
  passed: boolean
  total: number
  failures: AbiturFailure[]
  next: AbiturNext | null
  steps: string[]
}

export type AbiturAnswer =
  { ok: true; result: AbiturResult } | { ok: false; errors: Partial<Record<AbiturField, string>> }

const SOURCE = 'KMK-Vereinbarung zur gymnasialen Oberstufe, Gesamtqualifikation: '
const SOURCES: Record<string, string> = {
  gesamt: `${SOURCE}Block I und Block II`,
  block1: `${SOURCE}Block I`,
  block2: `${SOURCE}Block II`,
  unter5: `${SOURCE}Block I`,
  pruefungen: `${SOURCE}Block II`,
}

type Field = { given: false } | { given: true; n: number } | { bad: true }

function field(s: string | undefined): Field {
  const t = (s ?? '').replace(/^[ \t\u00a0]+|[ \t\u00a0]+$/g, '')
  if (t === '') return { given: false }
  return /^[0-9]{1,4}$/.test(t) ? { given: true, n: Number(t) } : { bad: true }
}

const rangeMessage = (lo: number, hi: number) => `Eine ganze Zahl von ${lo} bis ${hi}.`

interface Values {
  total: number | undefined
  block1: number | undefined
  block2: number | undefined
  courses: number
  under5: number | undefined
  exams5: number | undefined
}

function read(input: AbiturInput): { values: Values; errors: Partial<Record<AbiturField, string>> } {
  const errors: Partial<Record<AbiturField, string>> = {}
  const values: Values = {
    total: undefined,
    block1: undefined,
    block2: undefined,
    courses: 40,
    under5: undefined,
    exams5: undefined,
  }
  const whole = (name: AbiturField, hi: number): number | undefined => {
    const f = field(input[name])
    if ('bad' in f || (f.given && f.n > hi)) {
      errors[name] = rangeMessage(0, hi)
      return 0
    }
    return f.given ? f.n : undefined
  }
  values.total = whole('gesamt', 900)
  values.block1 = whole('block1', 600)
  values.block2 = whole('block2', 300)
  values.exams5 = whole('pruefungen', 5)
  const courses = field(input.kurse)
  if ('bad' in courses || (courses.given && (courses.n < 1 || courses.n > 60))) {
    errors.kurse = rangeMessage(1, 60)
  } else {
    if (courses.given) values.courses = courses.n
    values.under5 = whole('unter5', values.courses)
  }
  const [hasTotal, has1, has2] = [values.total, values.block1, values.block2].map((v) => v !== undefined)
  if (hasTotal && (has1 || has2)) {
    errors.gesamt = 'Entweder die Gesamtpunktzahl oder Block I und Block II eingeben, nicht beides.'
  } else if (!hasTotal && !has1 && !has2) {
    errors.gesamt = 'Gesamtpunktzahl oder Block I und Block II eingeben.'
  } else if (!hasTotal && !has1) {
    errors.block1 ??= 'Block I fehlt.'
  } else if (!hasTotal && !has2) {
    errors.block2 ??= 'Block II fehlt.'
  }
  return { values, errors }
}

/**
 * The Durchschnittsnote of a total from 300 to 900 in tenths: ⌊(1020 − E)/18⌋, and 10 (1,0) from 823
 * points on, where the formula alone would give better notes than 1,0.
 */
export function abiturTenths(total: number): number {
  return total >= 823 ? 10 : Math.floor((1020 - total) / 18)
}

const noteText = (tenths: number) => `${Math.floor(tenths / 10)},${tenths % 10}`
const points = (n: number) => (n === 1 ? '1 Punkt' : `${n} Punkte`)
const met = (ok: boolean) => (ok ? 'erfüllt.' : 'nicht erfüllt.')

/** n/d (positive) in German: exact when it ends within four decimals (at least one), else four and "…". */
function decimal(n: number, d: number): string {
  let places = 1
  let scale = 10
  while ((n * scale) % d !== 0 && places < 4) {
    places++
    scale *= 10
  }
  const x = Math.floor((n * scale) / d)
  const text = `${Math.floor(x / scale)},${String(x % scale).padStart(places, '0')}`
  return (n * scale) % d === 0 ? text : `${text}…`
}

/** The rules that fail, and the working so far, for the values read. */
function checks(v: Values): { total: number; failures: AbiturFailure[]; steps: string[] } {
  const failures: AbiturFailure[] = []
  const steps: string[] = []
  const fail = (rule: string, message: string) =>
    failures.push({ rule, message, source: SOURCES[rule] ?? '' })
  let total: number
  if (v.total !== undefined) {
    total = v.total
    steps.push(`Gesamtpunktzahl E = ${points(total)} (mindestens 300, höchstens 900) – ${met(total >= 300)}`)
    steps.push(
      'Ob Block I mindestens 200 und Block II mindestens 100 Punkte hat, zeigt erst die Eingabe beider Blöcke.',
    )
    if (total < 300)
      fail(
        'gesamt',
        `Gesamtpunktzahl ${total} – mindestens 300 sind nötig (200 in Block I und 100 in Block II).`,
      )
  } else {
    const b1 = v.block1 ?? 0
    const b2 = v.block2 ?? 0
    for (const [rule, name, p, lo, hi] of [
      ['block1', 'Block I', b1, 200, 600],
      ['block2', 'Block II', b2, 100, 300],
    ] as const) {
      steps.push(`${name}: ${points(p)} (mindestens ${lo}, höchstens ${hi}) – ${met(p >= lo)}`)
      if (p < lo) fail(rule, `${name}: ${points(p)} – mindestens ${lo} sind nötig (ein Drittel von ${hi}).`)
    }
    total = b1 + b2
    steps.push(`Gesamtpunktzahl E = ${b1} + ${b2} = ${points(total)}.`)
  }
  if (v.under5 !== undefined) {
    const allowed = Math.floor(v.courses / 5) // at most 20 % of the courses counted
    const ok = v.under5 <= allowed
    steps.push(
      `Kurse unter 5 Punkten: ${v.under5} von ${v.courses}, erlaubt sind höchstens ${allowed} (20 %) – ${met(ok)}`,
    )
    if (!ok)
      fail(
        'unter5',
        `${v.under5} von ${v.courses} Kursen unter 5 Punkten – höchstens ${allowed} (20 %) sind erlaubt.`,
      )
  }
  if (v.exams5 !== undefined) {
    const p = v.exams5
    // The count says nothing of the level, so the working never calls that part of the rule fulfilled.
    steps.push(
      `Prüfungskomponenten mit mindestens 5 Punkten: ${p} von 5, nötig sind 3 – ${met(p >= 3)}`,
      'Dass eine davon ein Fach auf erhöhtem Anforderungsniveau sein muss, prüft dieser Rechner nicht.',
    )
    if (p < 3)
      fail(
        'pruefungen',
        `${p} Prüfungskomponenten mit mindestens 5 Punkten – mindestens 3 sind nötig, darunter ein Fach auf erhöhtem Anforderungsniveau.`,
      )
  }
  return { total, failures, steps }
}

/** The answer for one pupil, or every refused field with its German message. */
export function abitur(input: AbiturInput): AbiturAnswer {
  const { values, errors } = read(input)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const { total, failures, steps } = checks(values)
  const result: AbiturResult = { note: '', passed: failures.length === 0, total, failures, next: null, steps }
  if (!result.passed) {
    steps.push(
      'Nicht bestanden: Eine Durchschnittsnote gibt es erst, wenn jede Mindestbedingung erfüllt ist.',
    )
    return { ok: true, result }
  }
  const tenths = abiturTenths(total)
  result.note = noteText(tenths)
  steps.push(
    total >= 823
      ? `E = ${total} liegt zwischen 823 und 900 Punkten: Die Durchschnittsnote ist 1,0.`
      : `N = 17/3 − E/180 = 17/3 − ${total}/180 = ${decimal(1020 - total, 180)}; nach der ersten Nachkommastelle abgeschnitten, nicht gerundet: ${result.note}.`,
  )
  if (tenths === 10) {
    steps.push('1,0 ist die beste Durchschnittsnote.')
    return { ok: true, result }
  }
  // The better note t − 1 holds where (1020 − E)/18 < t, so from E = 1021 − 18t on.
  const better = 1021 - 18 * tenths
  result.next = { note: noteText(tenths - 1), total: better, missing: better - total }
  const verb = result.next.missing === 1 ? 'fehlt' : 'fehlen'
  steps.push(`Für ${result.next.note} ${verb} noch ${points(result.next.missing)}: ab ${better} Punkten.`)
  return { ok: true, result }
}
