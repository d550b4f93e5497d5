import { useSyncExternalStore } from 'react'

// The page's address as React reads it. The app has two pages and a notice (app/router.tsx picks one by
// the path) and moves between them without loading the page again, so that the one live connection and
// everything loaded stay; no router library for that: the calculator route's JS has a budget
// (docs/benchmarks.md). The address changes here (navigate, a Link) and by the browser's back and forward
// (popstate); a replaceState elsewhere (the calculator's inputs, the sign-in's error code) keeps the page
// and is not announced: a render reads the address anew. On the server (entry-server.tsx) window.location
// is the address rendered.

const listeners = new Set<() => void>()
const changed = () => {
  listeners.forEach((listener) => {
    listener()
  })
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', changed)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('popstate', changed)
  }
}

// The path decoded ("/%C3%BC" is "/ü"), as people read it; left as it is when it does not decode.
const currentPath = () => {
  const path = window.location.pathname
  try {
    return path.includes('%') ? decodeURI(path) : path
  } catch {
    return path
  }
}
const currentSearch = () => window.location.search

/** The path of the page's address ("/admin"), decoded. */
export const usePath = (): string => useSyncExternalStore(subscribe, currentPath, currentPath)

/** The query of the page's address ("?setup=…", or ""). */
export const useSearch = (): string => useSyncExternalStore(subscribe, currentSearch, currentSearch)

/** Goes to another address of the app (a new history entry, or with replace this one's). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  changed()
}
