import { lazy, type ReactNode } from 'react'
import { usePath } from '@/lib/location'
import { LazyPart } from './lazy-part'
import { Link } from './link'
import { headerIconClass } from './styles'

// The link back to the calculator is needed only on the other pages, which load their own code anyway: it
// comes with them, not with the calculator route's first download.
const HomeLink = lazy(() => import('./home-link').then((m) => ({ default: m.HomeLink })))

interface HeaderProps {
  /** The top-left slot (the sign-out button once someone is signed in). */
  start?: ReactNode
}

/** The green bar on every route: product icon and title, and the link to the other route. */
export function Header({ start }: HeaderProps) {
  const onAdmin = usePath().startsWith('/admin')
  return (
    <header className="bg-green-800 text-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        {start}
        <h1 className="min-w-0 flex-1 text-xl font-semibold tracking-tight">
          <Link
            href="/"
            className="inline-flex items-center gap-3 rounded-lg py-1 pr-2 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-green-800"
          >
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-white text-green-800">
              <span aria-hidden="true" className="icon-calculator size-5" />
            </span>
            Notenrechner
          </Link>
        </h1>
        <nav aria-label="Hauptnavigation">
          {onAdmin ? (
            <LazyPart failed={null}>
              <HomeLink />
            </LazyPart>
          ) : (
            <Link href="/admin" className={headerIconClass} aria-label="Verwaltung" title="Verwaltung">
              <span aria-hidden="true" className="icon-settings size-6" />
            </Link>
          )}
        </nav>
      </div>
    </header>
  )
}
