import { useId } from 'react'
import { cardClass } from '@/components/styles'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import { useAbitur } from '../use-abitur'
import { MoreFields, PointsFields } from './abitur-fields'
import { AbiturResultView } from './abitur-result'

/** A pupil's Abitur calculator (loaded when opened): the points, the minimums, the answer. */
export default function AbiturTool() {
  const id = useId()
  const state = useAbitur()
  // opened only by its button
  const heading = useFocusOnOpen<HTMLHeadingElement>(true)
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} print:hidden`}>
      <h2
        ref={heading}
        tabIndex={-1}
        id={`${id}-title`}
        className="text-lg font-semibold text-slate-900 dark:text-slate-100 focus:outline-hidden"
      >
        Abiturnote
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Nach der KMK-Vereinbarung zur gymnasialen Oberstufe: N = 17/3 − E/180, nach der ersten Nachkommastelle
        abgeschnitten; 823 bis 900 Punkte ergeben 1,0. Die Punkte bleiben in dieser Seite und werden nicht
        gespeichert.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <PointsFields state={state} />
          <MoreFields state={state} />
        </div>
        <AbiturResultView state={state} />
      </div>
    </section>
  )
}
