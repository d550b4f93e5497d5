import { Suspense, type ReactNode } from 'react'
import { Header } from '@/components/header'
import { SignOutButton } from '@/components/sign-out-button'
import { Spinner } from '@/components/spinner'

/** Header on every route; lazily loaded routes show the spinner while their chunk loads. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 text-slate-900 dark:text-slate-100">
      <Header start={<SignOutButton />} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Suspense fallback={<Spinner label="Wird geladen" />}>{children}</Suspense>
      </main>
    </div>
  )
}
