import { lazy, type ReactNode } from 'react'
import { Header } from '@/components/header'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { useAuth } from '@/lib/auth'

// Only signed-in people see "Abmelden": its code (with the API client) stays out of the
// calculator route's first download, which has a budget (docs/benchmarks.md).
const SignOutButton = lazy(() =>
  import('@/components/sign-out-button').then((m) => ({ default: m.SignOutButton })),
)

/** Header on every route; lazily loaded routes show the spinner while their chunk loads. */
export function Layout({ children }: { children: ReactNode }) {
  const auth = useAuth()
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 text-slate-900 dark:text-slate-100">
      <Header
        start={
          auth.user !== null && (
            <LazyPart failed={null}>
              <SignOutButton />
            </LazyPart>
          )
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <LazyPart fallback={<Spinner label="Wird geladen" />}>{children}</LazyPart>
      </main>
    </div>
  )
}
