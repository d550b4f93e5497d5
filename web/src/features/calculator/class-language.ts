import { fehlerRuleOf, readFehlerSetting, SCHOOL_RULE_ID } from '@/lib/fehler-setting'
import {
  fehlerquotient,
  FEHLER_MESSAGES,
  FEHLER_RULES,
  unitText,
  type FehlerRule,
} from '@/lib/fehlerquotient'
import { wordOf } from '@/lib/grade-words'
import type { Key } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { add, div, rational, type Rational } from '@/lib/rational'
import { systemData, withUnit } from '@/lib/systems'
import { cellError, readCells, TASK, trimmedColumns, typedPoints, type TaskCell } from './class-tasks'

// Language teachers' lists (docs/spec.md §2, §13): a first line "Name; Inhalt; Fehler; Wörter" makes each
// line a pupil's content points, errors and words. The content points are graded with the list's key as any
// points; errors and words give the Fehlerquotient (lib/fehlerquotient.ts) and, with a chosen conversion, a
// deduction that lowers the content grade: Notenpunkte are subtracted (not below 0), thirds of a grade step
// down the 1–6 scale with tendencies (2 → 2- → 3+, not below 6). A conversion whose unit the key's system
// does not write gives no final grade but a message.

/** Where the three columns stand after the name's columns, and the maximum `Inhalt (40)` names. */
export interface LanguageHeader {
  lead: number
  /** The index among the cells after the lead of Inhalt, Fehler and Wörter. */
  order: [number, number, number]
  /** The content's maximum, the list's total; null: the total typed for the list. */
  max: Rational | null
}

const INHALT = /^inhalt$/iu
const FEHLER = /^fehler(?:zahl)?$/iu
const WOERTER = /^(?:w(?:ö|oe)rter|wortzahl)$/iu

/** Which of the three a heading names: 0 Inhalt (with its maximum or null), 1 Fehler, 2 Wörter. */
function kindOf(cell: string): { kind: 0 | 1 | 2; max: Rational | null } | null {
  if (INHALT.test(cell)) return { kind: 0, max: null }
  if (FEHLER.test(cell)) return { kind: 1, max: null }
  if (WOERTER.test(cell)) return { kind: 2, max: null }
  const m = TASK.exec(cell)
  const max = m?.[2] === undefined ? null : parseNumber(m[2])
  if (m?.[1] !== undefined && INHALT.test(m[1].trim()) && max !== null && max.n > 0n) return { kind: 0, max }
  return null
}

/**
 * The header of a language teacher's list, or null: columns that name the pupil ("Name", "Nr.; Name"), then
 * exactly Inhalt, Fehler and Wörter, each once and in any order, in any case; Inhalt may carry the maximum,
 * "Inhalt (40)", which is then the list's total.
 */
export function readLanguageHeader(line: string): LanguageHeader | null {
  if (!line.includes(';') && !line.includes('\t')) return null
  const cells = trimmedColumns(line)
  const kinds = cells.map(kindOf)
  const lead = kinds.findIndex((k) => k !== null)
  if (lead < 1 || cells.length - lead !== 3) return null
  const rest = kinds.slice(lead)
  const order = ([0, 1, 2] as const).map((k) => rest.findIndex((x) => x?.kind === k))
  const [inhalt, fehler, woerter] = order
  if (inhalt === undefined || fehler === undefined || woerter === undefined) return null
  if (order.some((i) => i < 0) || new Set(order).size !== 3) return null
  return { lead, order: [inhalt, fehler, woerter], max: rest[inhalt]?.max ?? null }
}

/** A grade as a line shows it: the key's label, its second label or word, the percentage. */
export interface GradedResult {
  percentage: string
  grade: string
  alt?: string | undefined
}

/**
 * A line's result: graded, wrong input, absent, or (language mode with a conversion the key cannot write)
 * valid but without a final grade; the list says why once (LanguageSetting.problem).
 */
export type LineResult = GradedResult | { error: string } | { absent: true } | { unconverted: true }

/** The conversion a list grades with, and why it cannot (a unit the key does not write, an unknown rule). */
export interface LanguageSetting {
  rule: FehlerRule | null
  /** A German message; '' when the conversion fits the key or there is none. */
  problem: string
}

/** What the unit of a deduction needs of the key's system: Notenpunkte, or 1–6 with + and −. */
const FITS: Record<FehlerRule['unit'], { system: string; words: string }> = {
  notenpunkte: { system: 'notenpunkte', words: 'Notenpunkten (15 bis 0)' },
  drittel: { system: 'noten-plus-minus', words: 'Noten 1 bis 6 mit + und −' },
}

/**
 * The conversions a list offers with the scale document it grades with: the published rules and, where the
 * scale has its own, that one („Regel der Schule“, id `schule`); and the one a new list starts with — the
 * scale's setting (docs/spec.md §8, §13), or none.
 */
export function scaleRules(setting: unknown): { rules: readonly FehlerRule[]; start: string } {
  const own = fehlerRuleOf(readFehlerSetting(setting))
  if (own === null) return { rules: FEHLER_RULES, start: '' }
  return { rules: own.id === SCHOOL_RULE_ID ? [...FEHLER_RULES, own] : FEHLER_RULES, start: own.id }
}

/**
 * The rule of a list's choice ('' for none) on a key's system. A Notenpunkte rule needs a key in
 * Notenpunkte, a rule in thirds a key of 1–6 with tendencies; on any other key (1–6 without tendencies,
 * 1,0–6,0, Swiss or Austrian grades) its deduction cannot be written as a grade, and the list says so.
 */
export function languageSetting(
  regel: string,
  system: string,
  rules: readonly FehlerRule[] = FEHLER_RULES,
): LanguageSetting {
  if (regel === '') return { rule: null, problem: '' }
  const rule = rules.find((r) => r.id === regel)
  if (rule === undefined) return { rule: null, problem: FEHLER_MESSAGES.regel }
  const fits = FITS[rule.unit]
  if (fits.system === system) return { rule, problem: '' }
  const name = systemData(system)?.name ?? system
  return {
    rule,
    problem: `Die Umrechnung „${rule.name}“ zieht ${rule.unit === 'drittel' ? 'Drittel einer Note' : 'Notenpunkte'} ab, dieser Notenschlüssel gibt aber ${name}: so gibt es keine Note nach Abzug. Bitte „keine Umrechnung“ wählen oder die Liste mit einem Schlüssel in ${fits.words} bewerten.`,
  }
}

/** The 1–6 scale with tendencies, best first, each a third of a grade from the next. */
const THIRDS = (systemData('noten-plus-minus')?.labels ?? '').split(' ')

/**
 * The content grade lowered by `abzug` units of the rule (the key's system fits the unit): the final grade
 * and the sentence of the working.
 */
export function lowered(
  key: Key,
  grade: string,
  rule: FehlerRule,
  abzug: number,
): { grade: string; sentence: string } {
  if (rule.unit === 'notenpunkte') {
    const points = Number(grade)
    const final = String(Math.max(0, points - abzug))
    const floor = points - abzug < 0 ? ' (nicht unter 0 Punkte)' : ''
    const named = (x: string) => withUnit(key.system, x)
    if (abzug === 0) return { grade, sentence: `Ohne Abzug bleibt es bei ${named(grade)}.` }
    return {
      grade: final,
      sentence: `${named(grade)} − ${unitText(rule, abzug)} = ${named(final)}${floor}.`,
    }
  }
  // every label of a key in 1–6 with + and − is one of THIRDS; a label that is none is not lowered
  const at = THIRDS.indexOf(grade)
  if (at < 0) return { grade, sentence: `Die Note ${grade} steht nicht in der Reihe 1+ bis 6.` }
  const to = Math.min(at + abzug, THIRDS.length - 1)
  const final = THIRDS[to] ?? grade
  if (abzug === 0) return { grade, sentence: `Ohne Abzug bleibt es bei der Note ${grade}.` }
  const floor = at + abzug > to ? ' (nicht schlechter als 6)' : ''
  return {
    grade: final,
    sentence: `Note ${grade}, um ${unitText(rule, abzug)} gesenkt: Note ${final}${floor}.`,
  }
}

/** A valid language line's figures beside its result. */
export interface LanguageFigures {
  /** The grade for the content, graded with the list's key. */
  content: GradedResult
  /** Errors as the working writes them, in the key's notation ("10,5", Swiss "10.5"), and words. */
  fehler: string
  woerter: number
  /** Cut to two decimals, "3,00". */
  quotient: string
  /** The exact quotient, for the class's average. */
  exact: Rational
  /** The deduction in the rule's unit, where a conversion applies. */
  abzug?: number | undefined
  /** The working in the key's notation: the quotient, the deduction with its source, the final grade. */
  rechnung: string[]
}

/** A pupil's line under a language header, without its place in the text. */
export interface LanguageLine {
  name: string
  points: string
  cells?: TaskCell[]
  language?: LanguageFigures
  result: LineResult
}

const halvesOf = (fehler: string): bigint => {
  const [whole = '0', half] = fehler.split(',')
  return BigInt(whole) * 2n + (half === '5' ? 1n : 0n)
}

/**
 * A pupil's line (readCells): Inhalt must be points from 0 to the total, Fehler and Wörter as §13 reads them
 * (the lib's messages); a wrong cell is marked, the row not graded. Valid, the content grade, the quotient
 * and, with a conversion that fits, the deduction and the final grade.
 */
export function languageLine(
  raw: string,
  header: LanguageHeader,
  total: Rational,
  setting: LanguageSetting,
  env: {
    separator: string
    key: Key
    isAbsent: (w: string) => boolean
    grade: (points: string) => LineResult
  },
): LanguageLine {
  const read = readCells(raw, header.lead, 3, env.isAbsent)
  if (read.absent !== undefined) return { name: read.name, points: read.absent, result: { absent: true } }
  if (read.error !== undefined)
    return {
      name: read.name,
      points: '',
      // in the order Inhalt, Fehler, Wörter, as a valid line's cells, whatever the first line's order
      cells: header.order.map((i) => ({ text: read.texts[i] ?? '' })),
      result: { error: read.error },
    }
  const [inhalt, fehler, woerter] = header.order.map((i) => read.texts[i] ?? '')
  // The rule computes the deduction and writes its sentence (lib/fehlerquotient.ts), where one applies.
  const applied = setting.rule !== null && setting.problem === '' ? setting.rule : null
  const fq = fehlerquotient(woerter ?? '', fehler ?? '', applied?.id ?? '', applied === null ? [] : [applied])
  const errors = fq.ok ? {} : fq.errors
  // The Fehlerquotient's rule writes its figures, working and messages with the comma (bound to Go by its
  // vectors); the list writes them in its key's notation, a Swiss key's with the point (the quotient: where
  // it is shown).
  const noted = (text: string) => text.replace(/(\d),(\d)/gu, `$1${env.separator}$2`)
  const wrong = (name: string, e: string | undefined) =>
    e === undefined ? undefined : `${name}: ${noted(e)}`
  const inhaltError = cellError(inhalt ?? '', total, env.separator)
  // valid content points with the key's separator, as every number the list writes
  const points = inhaltError === undefined ? typedPoints(inhalt ?? '', env.separator) : (inhalt ?? '')
  const cells: TaskCell[] = [
    { text: points, error: wrong('Inhalt', inhaltError) },
    {
      text: errors.fehler === undefined ? typedPoints(fehler ?? '', env.separator) : (fehler ?? ''),
      error: wrong('Fehler', errors.fehler),
    },
    { text: woerter ?? '', error: wrong('Wörter', errors.woerter) },
  ]
  // every wrong cell is marked, and the row names each one's message, in the columns' order
  const wrongs = cells.flatMap((c) => (c.error === undefined ? [] : [c.error]))
  const content = env.grade(points)
  if (wrongs.length > 0 || !fq.ok || !('grade' in content))
    return {
      name: read.name,
      points,
      cells,
      result: { error: wrongs.length > 0 ? wrongs.join(' ') : 'error' in content ? content.error : '' },
    }
  const { result } = fq
  const language: LanguageFigures = {
    content,
    fehler: noted(result.fehler),
    woerter: result.woerter,
    quotient: result.quotient,
    exact: rational(halvesOf(result.fehler) * 50n, BigInt(result.woerter)),
    rechnung: result.rechnung.map(noted),
  }
  const { rule, problem } = setting
  if (rule === null) {
    language.rechnung = [...language.rechnung, 'Ohne Umrechnung der Fehler ist die Note die des Inhalts.']
    return { name: read.name, points, cells, language, result: content }
  }
  if (problem !== '') return { name: read.name, points, cells, language, result: { unconverted: true } }
  const abzug = result.abzug ?? 0
  const final = lowered(env.key, content.grade, rule, abzug)
  language.abzug = abzug
  language.rechnung = [...language.rechnung, final.sentence]
  const alt = env.key.bands.find((b) => b.label === final.grade)?.alt ?? wordOf(env.key.system, final.grade)
  return {
    name: read.name,
    points,
    cells,
    language,
    result: { percentage: content.percentage, grade: final.grade, alt },
  }
}

/** The class's average Fehlerquotient over the valid lines, cut to two decimals as §13 cuts; '' without. */
export function averageQuotient(lines: { language?: LanguageFigures | undefined }[]): string {
  const all = lines.flatMap((l) => (l.language === undefined ? [] : [l.language.exact]))
  if (all.length === 0) return ''
  const mean = div(
    all.reduce((s, x) => add(s, x), rational(0n)),
    rational(BigInt(all.length)),
  )
  const hundredths = (mean.n * 100n) / mean.d
  return `${hundredths / 100n},${String(hundredths % 100n).padStart(2, '0')}`
}

/** The deduction as the table writes it: "1 Notenpunkt", "⅓ Note", "0"; "–" without a conversion applied. */
export function abzugText(rule: FehlerRule | null, abzug: number | undefined): string {
  if (rule === null || abzug === undefined) return '–'
  return abzug === 0 ? '0' : unitText(rule, abzug)
}
