import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/button'
import { errorClass, inputClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { adjustableFields, STEPS, type Adjustment, type AdjustField } from '@/lib/adjust'
import type { ScaleDocument } from '@/lib/config'
import { inNotation, notationOf } from '@/lib/numbers'
import { adjusted as adjustedOf, type Adjusted, type AdjustedKey } from '../adjusted'
import { follow, type Source } from '../adjusted-source'
import { SharePart } from './share-part'

// The key for this test (docs/spec.md §10) under the grade table: „Schlüssel anpassen“ opens the fields,
// the bounds that moved are listed against the school's, and „Zurück zum Schlüssel der Schule“ undoes it.
// A lazily loaded part of the calculator (the route's JS has a budget); the server renders it too.

// the half of useAdjustedKey that makes the key (use-adjusted-key.ts loads it with this part)
export { adjusted, initial } from '../adjusted'
// and the half that picks the link's version (adjusted-source.ts)
export { adjustedSource } from '../adjusted-source'

interface AdjustPartProps {
  /** The school's document and the version the page holds. */
  config: ScaleDocument
  version: number
  adjusted: AdjustedKey
  /** The document and version the adjustment applies to: a link's own, or the page's (adjusted-source.ts). */
  source?: Source | undefined
  applyToCurrent?: (() => void) | undefined
}

/** The adjustment's button, its fields and the list of moved bounds (the default export: React.lazy's). */
export default function AdjustPart({
  config: held,
  version: current,
  adjusted,
  source,
  applyToCurrent,
}: AdjustPartProps) {
  const { config, version } = source ?? { config: held, version: current }
  const id = useId()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const { set } = adjusted
  // a link made on an older version than the page holds: that version's document is fetched
  useEffect(() => follow(current, set), [current, set])
  // the route's state before this code was loaded: the school's key, ready to be adjusted
  const a: Adjusted =
    'setAdjustment' in adjusted ? adjusted : adjustedOf(config, version, undefined, adjusted.set)
  if (a.binding)
    return (
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        Die Schule gibt diesen Schlüssel verbindlich vor: Er lässt sich für eine Arbeit nicht anpassen.
      </p>
    )
  return (
    // the printed page says which key it shows (docs/spec.md §10): the list prints, the controls do not
    <div className="mt-4 space-y-3">
      {a.changes.length > 0 && (
        <div className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-slate-800 dark:border-amber-600 dark:bg-slate-800 dark:text-slate-100 print:border-0 print:p-0">
          <p>
            <strong className="font-semibold">Für diese Arbeit angepasst:</strong> {a.text} (Schlüssel der
            Schule „{config.name}“, Stand {version})
          </p>
          <SourceNotice source={source} current={current} applyToCurrent={applyToCurrent} />
          <button
            type="button"
            className="mt-2 font-semibold text-green-800 print:hidden underline underline-offset-2 hover:text-green-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:text-green-300 dark:hover:text-green-200"
            onClick={() => {
              a.reset()
              // the list and this button go: the focus stays in the part
              opener.current?.focus()
            }}
          >
            Zurück zum Schlüssel der Schule
          </button>
        </div>
      )}
      <Button
        ref={opener}
        variant="secondary"
        className="print:hidden"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setOpen(!open)
        }}
      >
        Schlüssel anpassen
      </Button>
      <div className="space-y-3 print:hidden">
        {open && <AdjustFields id={`${id}-panel`} config={config} adjusted={a} />}
        {/* a key as the school's needs no link of its own: the calculator's address is it */}
        {a.changes.length > 0 && <SharePart />}
      </div>
    </div>
  )
}

const LABELS: Record<AdjustField, string> = {
  pass: 'Bestehensgrenze (%)',
  top: 'Beste Note ab (%)',
  step: 'Rundung',
}

function AdjustFields({
  id,
  config,
  adjusted: a,
}: {
  id: string
  config: ScaleDocument
  adjusted: Adjusted
}) {
  const school = adjustableFields(config)
  const notation = notationOf(a.key.system)
  const typed: Adjustment = a.adjustment ?? {}
  const value = (f: AdjustField) => typed[f] ?? inNotation(school[f] ?? '', notation)
  const change = (f: AdjustField, v: string) => {
    a.setAdjustment({ ...typed, [f]: v })
  }
  return (
    <fieldset id={id} className="grid gap-4 sm:grid-cols-3">
      <legend className="sr-only">Schlüssel für diese Arbeit</legend>
      {(['pass', 'top'] as const).map(
        (f) =>
          school[f] !== undefined && (
            <TextField
              key={f}
              label={LABELS[f]}
              inputMode="decimal"
              autoComplete="off"
              value={value(f)}
              error={a.errors[f]}
              onChange={(e) => {
                change(f, e.target.value)
              }}
            />
          ),
      )}
      {school.step !== undefined && (
        <div>
          <label htmlFor={`${id}-step`} className={labelClass}>
            {LABELS.step}
          </label>
          <select
            id={`${id}-step`}
            className={inputClass(a.errors.step !== undefined, 'mt-1.5')}
            value={STEPS.find((s) => s === value('step').replace('.', ',')) ?? ''}
            onChange={(e) => {
              change('step', e.target.value)
            }}
          >
            {STEPS.map((s) => (
              <option key={s} value={s}>
                {inNotation(s, notation)}
              </option>
            ))}
          </select>
          {a.errors.step !== undefined && <p className={errorClass}>{a.errors.step}</p>}
        </div>
      )}
      <p className="text-sm text-slate-600 sm:col-span-3 dark:text-slate-300">
        Gilt nur für diese Arbeit und steht in der Adresse dieser Seite; die übrigen Grenzen rücken mit.
      </p>
    </fieldset>
  )
}

/** What the page says about the version the link's adjustment is applied to. */
function SourceNotice({
  source,
  current,
  applyToCurrent,
}: {
  source: Source | undefined
  current: number
  applyToCurrent: (() => void) | undefined
}) {
  if (source === undefined) return null
  if (source.loading) return <p className="mt-2">Stand {source.stand} des Schlüssels wird geladen …</p>
  if (source.unavailable)
    return (
      <p className="mt-2">
        Der Link wurde mit Stand {source.stand} gemacht, der hier nicht zu laden ist: Die Anpassung gilt für
        Stand {current}, den diese Seite hat.
      </p>
    )
  if (source.since === null) return null
  return (
    <div className="mt-2">
      <p>
        Die Schule hat ihren Schlüssel seitdem geändert (jetzt Stand {current})
        {source.since.length === 0 ? ', ohne dass sich eine Grenze verschoben hat.' : ':'}
      </p>
      {source.since.length > 0 && (
        <ul className="ml-5 list-disc">
          {source.since.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-2 print:hidden" onClick={applyToCurrent}>
        Auf den aktuellen Schlüssel anwenden
      </Button>
    </div>
  )
}
