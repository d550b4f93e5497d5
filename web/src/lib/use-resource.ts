import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { errorMessage } from './api-client'

export type Resource<T> =
  | { state: 'loading'; data?: undefined }
  | { state: 'ready'; data: T }
  | { state: 'failed'; data?: undefined; message: string }

/**
 * Reads something from the API when mounted, again whenever `key` changes or reload() is called.
 * The last data stays on screen while a newer read is under way; an answer that arrives after a
 * newer read started is dropped. onError sees every failure (e.g. to re-read the session on 401).
 */
export function useResource<T>(
  load: () => Promise<T>,
  key: unknown,
  onError?: (err: unknown) => void,
): [Resource<T>, () => void] {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' })
  const [tick, setTick] = useState(0)
  const reportError = useEffectEvent((err: unknown) => {
    onError?.(err)
  })

  useEffect(() => {
    let current = true
    load().then(
      (data) => {
        if (current) setResource({ state: 'ready', data })
      },
      (err: unknown) => {
        if (!current) return
        reportError(err)
        setResource({ state: 'failed', message: errorMessage(err) })
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
