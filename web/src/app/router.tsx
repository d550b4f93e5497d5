import { lazy } from 'react'
import { loadRenderedParts } from '@/features/calculator/components/calculator'
import { usePath } from '@/lib/location'
import { HomeRoute } from './routes/home'
import { Layout } from './routes/layout'

// No router library: the app has three pages and no loaders, and the calculator route has a JS budget
// (docs/benchmarks.md). The path picks the page as a route pattern would: in any case and with or
// without a trailing slash ("/Admin/" is the admin's page).
const AdminRoute = lazy(() => import('./routes/admin'))
const NotFoundRoute = lazy(() => import('./routes/not-found'))

/** The page of a path: the calculator, the admin's page, or the notice that there is none. */
export function pageOf(path: string): 'home' | 'admin' | 'not-found' {
  if (/^\/?$/.test(path)) return 'home'
  return /^\/admin\/?$/i.test(path) ? 'admin' : 'not-found'
}

/** The page of the address (lib/location.ts) inside the layout. */
export function AppRoutes() {
  const page = pageOf(usePath())
  return (
    <Layout>{page === 'home' ? <HomeRoute /> : page === 'admin' ? <AdminRoute /> : <NotFoundRoute />}</Layout>
  )
}

/** Loads the lazily loaded parts that the server renders into the page of path (only the calculator's). */
export const loadRenderedRoute = (path: string): Promise<unknown> =>
  pageOf(path) === 'home' ? loadRenderedParts() : Promise.resolve()
