import type { RenderedStart } from '@/lib/embedded-config'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

interface AppProps {
  /** The scale and configuration a page from the server was rendered with (main.tsx, entry-server.tsx). */
  rendered?: RenderedStart | undefined
}

/**
 * The whole app; the same tree on the server and in the browser, so that the one takes over the other's
 * page. The page follows window.location (lib/location.ts), which the server sets to the address rendered.
 */
export function App({ rendered }: AppProps) {
  return (
    <AppProvider rendered={rendered}>
      <AppRoutes />
    </AppProvider>
  )
}
