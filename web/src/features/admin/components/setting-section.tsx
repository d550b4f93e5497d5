import { useId, type ReactNode } from 'react'
import { hintClass } from '@/components/styles'

/**
 * A section of a scale's settings below its rule (Zeugnisnote, Sprachrichtigkeit): a heading that names
 * it, a hint, then its fields.
 */
export function SettingSection({
  title,
  hint,
  children,
}: {
  title: string
  hint: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-700"
    >
      <div>
        <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h3>
        <p className={hintClass}>{hint}</p>
      </div>
      {children}
    </section>
  )
}
