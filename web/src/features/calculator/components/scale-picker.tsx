import type { ReactNode } from 'react'
import { SelectField } from '@/components/select-field'
import type { LiveConfigState } from '@/lib/live-connection'
import { useScaleChoice } from '@/lib/scale-choice'
import type { ScaleSummary } from '@/lib/scales'
import { rememberScaleChoice } from '../scale-address'
import { useScaleAddress, useScaleList } from '../use-scale-list'

// The choice of Notenschlüssel (docs/spec.md §8), a lazy part of the calculator: with one active scale the
// page looks as before; with more, a labelled select above the inputs. The page follows the chosen
// scale's stream (app/provider.tsx); a scale archived while shown, or one that does not exist (its
// stream answered 404), gets a notice that offers the default.

const buttonClass =
  'rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 focus-visible:ring-offset-2'

export function ScalePicker({ live }: { live: LiveConfigState }) {
  const { slug, choose } = useScaleChoice()
  const archived = live.data?.archived === true
  const missing = live.state === 'missing'
  // The stream (or the page's own block) has shown the chosen scale: it exists.
  useScaleAddress(slug, live.state === 'ready' && live.stale === undefined, missing)
  const { scales, load } = useScaleList(archived)
  // The default is remembered when a person chooses it, not whenever no scale is chosen: an address
  // with a malformed ?schluessel= (read as the default) must not erase the remembered choice.
  const pick = (next: string | null) => {
    if (next === null) rememberScaleChoice(null)
    choose(next)
  }

  const active = scales?.filter((s) => !s.archived) ?? []
  const fallback = active.find((s) => s.default)
  // Not from the list, which names archived scales to admins only: the stream's 404 is the answer.
  const notFound = slug !== null && missing
  if ((scales === null || (active.length <= 1 && !archived)) && !notFound) return null
  const name = live.data?.config.name
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
  return (
    <div className="mb-6 space-y-3 print:hidden">
      {active.length > 1 && (
        <SelectField
          label="Notenschlüssel"
          inline
          selectClassName="w-full sm:w-auto sm:min-w-64"
          value={slug ?? fallback?.slug ?? ''}
          onFocus={load}
          onChange={(e) => {
            pick(e.target.value === fallback?.slug ? null : e.target.value)
          }}
        >
          <ScaleOptions
            active={active}
            slug={slug}
            notFound={notFound}
            archivedName={archived ? name : undefined}
          />
        </SelectField>
      )}
      {archived && (
        <Alert title={`Der Notenschlüssel „${name ?? ''}“ ist archiviert.`}>
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

interface ScaleOptionsProps {
  active: ScaleSummary[]
  slug: string | null
  notFound: boolean
  /** The shown scale's name while it is archived (it is not in the list of active ones). */
  archivedName: string | undefined
}

/** The active scales; a chosen one that does not exist, or is archived, keeps its place in the select. */
function ScaleOptions({ active, slug, notFound, archivedName }: ScaleOptionsProps) {
  return (
    <>
      {notFound && slug !== null && (
        <option value={slug} disabled>
          Bitte wählen
        </option>
      )}
      {active.map((s) => (
        <option key={s.slug} value={s.slug}>
          {s.default ? `${s.name} (Standard)` : s.name}
        </option>
      ))}
      {archivedName !== undefined && slug !== null && !active.some((s) => s.slug === slug) && (
        <option value={slug}>{archivedName} (archiviert)</option>
      )}
    </>
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
