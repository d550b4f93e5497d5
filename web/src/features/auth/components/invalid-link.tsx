import type { ReactNode } from 'react'
import { buttonClass } from '@/components/button'
import { Link } from '@/components/link'
import { Notice } from '@/components/notice'
import { AuthCard } from './auth-card'

/** The plain notice for a setup or invitation link that cannot be used (any more). */
export function InvalidLink({ title, message, hint }: { title: string; message: string; hint: ReactNode }) {
  return (
    <AuthCard title={title}>
      <Notice tone="error" role="alert">
        <p>{message}</p>
      </Notice>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{hint}</p>
      <Link href="/admin" replace className={buttonClass('secondary', 'mt-4 w-full')}>
        Zur Anmeldung
      </Link>
    </AuthCard>
  )
}
