import { useMemo } from 'react'
import { SelectField } from '@/components/select-field'
import { TextField } from '@/components/text-field'
import type { ZeugnisSettings } from '@/lib/config'
import { inNotation, notationOf } from '@/lib/numbers'
import { withUnit } from '@/lib/systems'
import type { Preset } from '../categories'
import { ruleGrades } from '../entries'
import { neededHeadline, targetsOf, zeugnisNeeded, type NeededAnswer } from '../needed'
import { weightProblem, type ZeugnisSystem } from '../rule'
import { ruleOptions } from '../rule-line'
import type { Zeugnis } from '../use-zeugnis'
import { sentenceInNotation } from '../working'
import { CategoryList } from './one-pupil'
import { Proposal } from './zeugnis-result'

interface NeededGradeProps {
  zeugnis: Zeugnis
  system: ZeugnisSystem
  settings: ZeugnisSettings
  presets: Preset[]
}

const HEADLINE = {
  safe: 'Schon sicher',
  unreachable: 'Nicht mehr erreichbar',
} as const

/**
 * "Welche Note brauche ich noch?": the grades so far (the same categories as "Ein Schüler"), the report
 * grade aimed for and the category of the next test; the answer is the rule of the proposal tried with
 * every grade of the system (needed.ts), with its working.
 */
export function NeededGrade({ zeugnis: z, system, settings, presets }: NeededGradeProps) {
  const targets = targetsOf(system, settings.step)
  const names = z.categories.map((c) => c.name.trim())
  const goal = z.need?.grade !== undefined && targets.includes(z.need.grade) ? z.need.grade : ''
  const category = z.need?.category !== undefined && names.includes(z.need.category) ? z.need.category : ''
  const weight = z.need?.weight ?? ''
  const answer = useMemo((): NeededAnswer | null => {
    if (goal === '' || category === '' || z.categories.every((c) => c.grades.trim() === '')) return null
    return zeugnisNeeded(
      {
        system,
        ...ruleOptions(system, settings),
        categories: z.categories.map((c) => ({
          name: c.name.trim(),
          ...(c.weight.trim() === '' ? {} : { weight: c.weight.trim() }),
          grades: ruleGrades(c.grades),
        })),
      },
      { grade: goal, category, ...(weight.trim() === '' ? {} : { weight: weight.trim() }) },
    )
  }, [system, settings, z.categories, goal, category, weight])
  const notation = notationOf(system)
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Die Noten bisher, das Ziel fürs Zeugnis und die Kategorie der nächsten Arbeit: hier steht, welche
          Note sie mindestens braucht. Gerechnet wird wie beim Vorschlag.
        </p>
        <CategoryList zeugnis={z} presets={presets} weightProblem={weightProblem} />
      </div>
      <div className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          <SelectField
            label="Ziel im Zeugnis"
            value={goal}
            onChange={(e) => {
              z.setNeed({ grade: e.target.value })
            }}
          >
            <option value="">Note wählen …</option>
            {targets.map((t) => (
              <option key={t} value={t}>
                {withUnit(system, inNotation(t, notation))} oder besser
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Nächste Note in"
            value={category}
            onChange={(e) => {
              z.setNeed({ category: e.target.value })
            }}
          >
            <option value="">Kategorie wählen …</option>
            {names.map((n, i) => (
              <option key={i} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Gewicht dieser Note"
            hint="In ihrer Kategorie; leer heißt 1."
            inputMode="decimal"
            value={weight}
            error={weight.trim() === '' ? undefined : (weightProblem(weight.trim()) ?? undefined)}
            onChange={(e) => {
              z.setNeed({ weight: e.target.value })
            }}
          />
        </div>
        <NeededResult answer={answer} system={system} />
      </div>
    </div>
  )
}

// The rule's messages about the target name the command's member first („target: Gewicht „0“ …“, as
// internal/zeugnis words them); on the page the fields have German labels, so the member is left out.
const pageMessage = (message: string) => message.replace(/^target: /, '')

function NeededResult({ answer, system }: { answer: NeededAnswer | null; system: string }) {
  const notation = notationOf(system)
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-950">
      <output aria-live="polite" aria-label="Nötige Note" className="block">
        {answer === null ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Noten bisher eingeben, Ziel und Kategorie wählen: hier erscheint die nötige Note.
          </span>
        ) : !answer.ok ? (
          <span className="text-sm font-medium text-red-700 dark:text-red-300">
            {pageMessage(answer.message)}
          </span>
        ) : (
          <span className="block">
            <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              {answer.needed.answer === 'grade'
                ? neededHeadline(system, answer.needed.grade)
                : HEADLINE[answer.needed.answer]}
            </span>
            {answer.needed.answer === 'grade' && (
              <span className="block text-5xl leading-none font-bold tabular-nums text-green-800 dark:text-green-300">
                <Proposal system={system} value={answer.needed.grade} />
              </span>
            )}
            <span className="mt-2 block text-sm text-slate-700 dark:text-slate-300">
              Bisher: Durchschnitt {inNotation(answer.result.average, notation)}, Vorschlag{' '}
              <Proposal system={system} value={answer.result.proposal} />.
            </span>
          </span>
        )}
      </output>
      {answer?.ok === true && (
        <details className="mt-4" open>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 dark:text-slate-100">
            Rechenweg
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
            {answer.needed.steps.map((s, i) => (
              <li key={i}>{sentenceInNotation(s, notation)}</li>
            ))}
          </ol>
        </details>
      )}
    </div>
  )
}
