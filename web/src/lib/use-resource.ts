import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from './api-client'

export type Resource<T> =
  | { state: 'loading'; data?: undefined }
  | { state: 'ready'; data: T }
  | { state: 'failed'; data?: undefined; message: string }

/**
 * Reads something from the API when mounted, again whenever `key` changes or reload() is called.
 * The last data stays on screen while a newer read is under way; an answer that arrives after a
 * newer read started is dropped. A call refused because the session ended makes the sign-in state
 * read it again by itself (lib/api-client.ts, onAuthError).
 */
export function useResource<T>(load: () => Promise<T>, key: unknown): [Resource<T>, () => void] {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' })
  const [tick, setTick] = useState(0)

  useEffect(() => {
    let current = true
    load().then(
      (data) => {
        if (current) setResource({ state: 'ready', data })
      },
      (err: unknown) => {
        if (current) setResource({ state: 'failed', message: errorMessage(err) })
      },
    )
    return () => {
      current = false
    }
  }, [load, key, tick])

  const reload = useCallback(() => {
    setTick((t) => t + 1)
  }, [])
  return [resource, reload]
}
