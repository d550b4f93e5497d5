import { useSyncExternalStore } from 'react'

// Whether this render is in the browser after the page was taken over: false on the server
// (entry-server.tsx) and in the first render that hydrates its markup (main.tsx), true right after and
// in every render of a page the browser made itself. React's own way to tell (the server snapshot).

const never = () => () => undefined

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
