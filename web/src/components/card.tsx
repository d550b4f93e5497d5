import { useId, type ReactNode } from 'react'
import { cardClass } from './styles'

interface CardProps {
  /** The heading of the section (h2 unless told otherwise); it names the section. */
  title: ReactNode
  level?: 2 | 3
  description?: ReactNode
  /** Shown at the end of the heading row (e.g. a small action). */
  aside?: ReactNode
  children?: ReactNode
  className?: string
}

/** A white section with a heading, the building block of the admin page. */
export function Card({ title, level = 2, description, aside, children, className = '' }: CardProps) {
  const id = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={id} className={`${cardClass} ${className}`.trim()}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Heading id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {title}
          </Heading>
          {description !== undefined && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
          )}
        </div>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}
