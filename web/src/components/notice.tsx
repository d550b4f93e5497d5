import { CircleAlert, Info, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

type Tone = 'info' | 'warning' | 'error'

const tones: Record<Tone, { box: string; icon: ReactNode }> = {
  info: {
    box: 'border-sky-300 dark:border-sky-800 bg-sky-50 dark:bg-sky-950 text-sky-950 dark:text-sky-100',
    icon: <Info className="mt-0.5 size-5 shrink-0 text-sky-800 dark:text-sky-300" aria-hidden="true" />,
  },
  warning: {
    box: 'border-amber-300 dark:border-amber-800 bg-amber-50 dark:bg-amber-950 text-amber-950 dark:text-amber-100',
    icon: (
      <TriangleAlert
        className="mt-0.5 size-5 shrink-0 text-amber-800 dark:text-amber-300"
        aria-hidden="true"
      />
    ),
  },
  error: {
    box: 'border-red-300 dark:border-red-800 bg-red-50 dark:bg-red-950 text-red-950 dark:text-red-100',
    icon: (
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-800 dark:text-red-300" aria-hidden="true" />
    ),
  },
}

interface NoticeProps {
  tone?: Tone
  /** "alert" for something that just went wrong, "status" for news; none for a standing notice. */
  role?: 'alert' | 'status'
  title?: ReactNode
  children?: ReactNode
  className?: string
}

/** A boxed message with an icon; its role decides whether screen readers announce it. */
export function Notice({ tone = 'info', role, title, children, className = '' }: NoticeProps) {
  const t = tones[tone]
  return (
    <div role={role} className={`flex gap-3 rounded-xl border p-4 text-sm ${t.box} ${className}`.trim()}>
      {t.icon}
      <div className="min-w-0 flex-1 space-y-2">
        {title !== undefined && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  )
}
