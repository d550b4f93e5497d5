import type { AbiturState } from '../use-abitur'

/** The answer: the note large, passed or each rule that failed with its source, the next 0,1, the working. */
export function AbiturResultView({ state }: { state: AbiturState }) {
  const { answer } = state
  if (!answer.ok || state.incomplete) {
    return (
      <output aria-label="Abiturnote" className="block text-sm text-slate-600 dark:text-slate-300">
        {state.incomplete
          ? state.mode === 'blocks'
            ? 'Punkte von Block I und Block II eingeben.'
            : 'Gesamtpunktzahl eingeben.'
          : 'Bitte die markierten Felder prüfen.'}
      </output>
    )
  }
  const r = answer.result
  return (
    <div className="space-y-4">
      <output aria-label="Abiturnote" className="block rounded-xl bg-slate-50 p-4 dark:bg-slate-950">
        {r.passed ? (
          <>
            <span className="block text-sm text-slate-600 dark:text-slate-300">Durchschnittsnote</span>
            <span className="block text-5xl font-bold tabular-nums text-slate-900 dark:text-slate-100">
              {r.note}
            </span>
            <span className="mt-2 block text-base font-semibold text-green-800 dark:text-green-300">
              Bestanden · {r.total} Punkte
            </span>
          </>
        ) : (
          <>
            <span className="block text-3xl font-bold text-red-700 dark:text-red-300">Nicht bestanden</span>
            <span className="mt-2 block text-base text-slate-900 dark:text-slate-100">
              {r.total} {r.total === 1 ? 'Punkt' : 'Punkte'} · keine Durchschnittsnote, solange eine
              Mindestbedingung fehlt
            </span>
          </>
        )}
        {r.next !== null && (
          <span className="mt-1 block text-base text-slate-900 dark:text-slate-100">
            Für {r.next.note} {r.next.missing === 1 ? 'fehlt' : 'fehlen'} noch {r.next.missing}{' '}
            {r.next.missing === 1 ? 'Punkt' : 'Punkte'} (ab {r.next.total} Punkten).
          </span>
        )}
        {r.passed && r.next === null && (
          <span className="mt-1 block text-base text-slate-900 dark:text-slate-100">
            Besser geht es nicht.
          </span>
        )}
      </output>
      {r.failures.length > 0 && (
        <ul aria-label="Nicht erfüllt" className="space-y-2">
          {r.failures.map((f) => (
            <li
              key={f.rule}
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
            >
              {f.message}
              <span className="mt-1 block text-xs text-red-800 dark:text-red-200">Quelle: {f.source}</span>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-green-700 dark:text-slate-100">
          Rechenweg
        </summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
          {r.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </details>
    </div>
  )
}
