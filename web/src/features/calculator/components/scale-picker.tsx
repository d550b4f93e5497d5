import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { labelClass, inputClass } from '@/components/styles'
import type { LiveConfigState } from '@/lib/live-connection'
import { useScaleChoice } from '@/lib/scale-choice'
import { fetchScales, type ScaleSummary } from '../api/scales'
import { forgetScaleChoice, rememberScaleChoice, writeScaleAddress } from '../scale-address'

// The choice of Notenschlüssel (docs/spec.md §8), a lazy part of the calculator: with one active scale the
// page looks as before; with more, a labelled select above the inputs. The page follows the chosen
// scale's stream (app/provider.tsx); a scale archived while shown, or one that does not exist (its
// stream answered 404), gets a notice that offers the default.

const buttonClass =
  'rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 focus-visible:ring-offset-2'

export function ScalePicker({ live }: { live: LiveConfigState }) {
  const id = useId()
  const { slug, choose } = useScaleChoice()
  const [scales, setScales] = useState<ScaleSummary[] | null>(null)
  const archived = live.data?.archived === true
  // The stream (or the page's own block) has shown the chosen scale: it exists.
  const confirmed = live.state === 'ready' && live.stale === undefined
  const missing = live.state === 'missing'

  // Each focus reads the list again; an answer older than the newest request is dropped.
  const requests = useRef(0)
  const load = useCallback(() => {
    const request = ++requests.current
    void fetchScales().then((list) => {
      if (list !== null && request === requests.current) setScales(list)
    })
  }, [])
  // The default is remembered when a person chooses it, not whenever no scale is chosen: an address
  // with a malformed ?schluessel= (read as the default) must not erase the remembered choice.
  const pick = (next: string | null) => {
    if (next === null) rememberScaleChoice(null)
    choose(next)
  }
  useEffect(() => {
    writeScaleAddress(slug)
  }, [slug])
  useEffect(() => {
    if (slug !== null && confirmed) rememberScaleChoice(slug)
  }, [slug, confirmed])
  useEffect(() => {
    if (missing && slug !== null) forgetScaleChoice(slug)
  }, [slug, missing])
  // again when the shown scale is archived or comes back: the list has changed
  useEffect(load, [load, archived])
  // A scale created while the page is open shows up when a person comes back to the page (or to the
  // select, below); the list is not pushed.
  useEffect(() => {
    window.addEventListener('focus', load)
    return () => {
      window.removeEventListener('focus', load)
    }
  }, [load])

  const active = scales?.filter((s) => !s.archived) ?? []
  const fallback = active.find((s) => s.default)
  // Not from the list, which names archived scales to admins only: the stream's 404 is the answer.
  const notFound = slug !== null && missing
  if (scales === null && !notFound) return null
  const toDefault = (
    <button
      type="button"
      className={buttonClass}
      onClick={() => {
        pick(null)
      }}
    >
      {fallback === undefined
        ? 'Standard-Notenschlüssel verwenden'
        : `Standard-Notenschlüssel „${fallback.name}“ verwenden`}
    </button>
  )

  if (active.length <= 1 && !archived && !notFound) return null
  return (
    <div className="mb-6 space-y-3 print:hidden">
      {active.length > 1 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <label htmlFor={id} className={labelClass}>
            Notenschlüssel
          </label>
          <select
            id={id}
            value={slug ?? fallback?.slug ?? ''}
            onFocus={load}
            onChange={(e) => {
              pick(e.target.value === fallback?.slug ? null : e.target.value)
            }}
            className={inputClass(false, 'w-full sm:w-auto sm:min-w-64')}
          >
            {notFound && (
              <option value={slug} disabled>
                Bitte wählen
              </option>
            )}
            {active.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.default ? `${s.name} (Standard)` : s.name}
              </option>
            ))}
            {archived && slug !== null && !active.some((s) => s.slug === slug) && (
              <option value={slug}>{live.data?.config.name} (archiviert)</option>
            )}
          </select>
        </div>
      )}
      {archived && (
        <Alert title={`Der Notenschlüssel „${live.data?.config.name ?? ''}“ ist archiviert.`}>
          <p>Er gilt unverändert weiter, wird aber nicht mehr gepflegt und fehlt in der Auswahl.</p>
          {fallback !== undefined && toDefault}
        </Alert>
      )}
      {notFound && (
        <Alert title={`Den Notenschlüssel „${slug}“ gibt es nicht.`}>
          <p>Vielleicht ist der Link veraltet oder enthält einen Tippfehler.</p>
          {toDefault}
        </Alert>
      )}
    </div>
  )
}

function Alert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      role="alert"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  )
}
