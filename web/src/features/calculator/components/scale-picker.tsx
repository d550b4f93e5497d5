import { SelectField } from '@/components/select-field'
import { dropAdjustment } from '@/lib/adjust'
import type { LiveConfigState } from '@/lib/live-types'
import { useScaleChoice } from '@/lib/scale-choice-context'
import { rememberScaleChoice } from '../scale-address'
import { useScaleAddress, useScaleList } from '../use-scale-list'
import { ScaleAlert, ScaleOptions } from './scale-picker-parts'

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
    if (next !== slug) dropAdjustment()
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
        ? 'Voreingestellten Notenschlüssel verwenden'
        : `Voreingestellten Notenschlüssel „${fallback.name}“ verwenden`}
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
        <ScaleAlert title={`Der Notenschlüssel „${name ?? ''}“ ist archiviert.`}>
          <p>Er gilt unverändert weiter, wird aber nicht mehr gepflegt und fehlt in der Auswahl.</p>
          {fallback !== undefined && toDefault}
        </ScaleAlert>
      )}
      {notFound && (
        <ScaleAlert title={`Den Notenschlüssel „${slug}“ gibt es nicht.`}>
          <p>Vielleicht ist der Link veraltet oder enthält einen Tippfehler.</p>
          {toDefault}
        </ScaleAlert>
      )}
    </div>
  )
}
