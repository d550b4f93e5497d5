import { lazy, useState } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { HomeRoute } from './routes/home'
import { Layout } from './routes/layout'
import { NotFoundRoute } from './routes/not-found'

const AdminRoute = lazy(() => import('./routes/admin'))

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'admin', element: <AdminRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes))
  return <RouterProvider router={router} />
}
