import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import type { LiveConfigState, LiveConnection } from './live-types'

// React's view of a live connection (live-connection.ts): the app's providers (app/provider.tsx)
// hold one and share its state through LiveConfigContext; components read it with useLiveConfig.

/** Keeps the connection open while the calling component is mounted and renders its state. */
export function useLiveConnection(connection: LiveConnection): LiveConfigState {
  useEffect(() => {
    connection.open()
    return connection.close
  }, [connection])
  // The server renders the page from the same first state (entry-server.tsx), so it is also the server's snapshot.
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot)
}

export const LiveConfigContext = createContext<LiveConfigState | null>(null)

/** The live configuration provided by AppProvider (app/provider.tsx): 'loading' until the first one arrives. */
export function useLiveConfig(): LiveConfigState {
  const value = useContext(LiveConfigContext)
  if (value === null) throw new Error('useLiveConfig must be used inside AppProvider')
  return value
}
