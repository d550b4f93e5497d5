import { lazy } from 'react'
import { Route, Switch } from 'wouter'
import { loadRenderedParts } from '@/features/calculator/components/calculator'
import { HomeRoute } from './routes/home'
import { Layout } from './routes/layout'

// wouter (about 2 KiB gzip) rather than react-router's data router (about 28 KiB): the app has
// three routes and no loaders, and the calculator route has a JS budget (docs/benchmarks.md).
const AdminRoute = lazy(() => import('./routes/admin'))
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })))

/** The routes inside the layout; the location comes from the surrounding wouter Router (browser by default). */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/admin" component={AdminRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Layout>
  )
}

/** Loads the lazily loaded parts that the server renders into the page of path (only the calculator's). */
export const loadRenderedRoute = (path: string): Promise<unknown> =>
  path === '/' ? loadRenderedParts() : Promise.resolve()
