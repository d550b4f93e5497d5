import { Router } from 'wouter'
import type { RenderedStart } from '@/lib/embedded-config'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

interface AppProps {
  /** The scale and configuration a page from the server was rendered with (main.tsx, entry-server.tsx). */
  rendered?: RenderedStart | undefined
  /** On the server only: the address rendered; in the browser the router reads it. */
  address?: { path: string; search: string }
}

/** The whole app; the same tree on the server and in the browser, so that the one takes over the other's page. */
export function App({ rendered, address }: AppProps) {
  return (
    <Router {...(address && { ssrPath: address.path, ssrSearch: address.search })}>
      <AppProvider rendered={rendered}>
        <AppRoutes />
      </AppProvider>
    </Router>
  )
}
