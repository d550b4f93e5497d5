import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

/**
 * An in-memory location for tests (wouter's memoryLocation, recording history): `wrap` puts a
 * tree under it, `location()` tells where the app navigated, `history` every entry (a replace
 * overwrites the last one).
 */
export function memoryRouter(path: string) {
  const memory = memoryLocation({ path, record: true })
  const { history } = memory
  return {
    wrap: (ui: ReactNode) => (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {ui}
      </Router>
    ),
    history,
    location: () => {
      const [pathname = '', search = ''] = (history.at(-1) ?? '').split('?')
      return { pathname, search: search === '' ? '' : `?${search}` }
    },
  }
}
