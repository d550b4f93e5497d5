import { useCallback, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import type { LiveConfig } from '@/lib/config'
import type { Resource } from '@/lib/use-resource'
import type { ScaleApi } from './api/scales'

/**
 * Stored versions read on demand (GET …/history/{version} of the scale `api` calls), each once: a stored version
 * never changes, so what was read stays for as long as the history is open. A failed read is
 * tried again on the next load().
 */
export function useStoredVersions(api: ScaleApi) {
  const [versions, setVersions] = useState<ReadonlyMap<number, Resource<LiveConfig>>>(new Map())
  const asked = useRef(new Set<number>()) // read or being read

  const load = useCallback(
    (version: number) => {
      if (asked.current.has(version)) return
      asked.current.add(version)
      const settle = (resource: Resource<LiveConfig>) => {
        setVersions((known) => new Map(known).set(version, resource))
      }
      settle({ state: 'loading' })
      api.version(version).then(
        (data) => {
          settle({ state: 'ready', data })
        },
        (err: unknown) => {
          asked.current.delete(version)
          settle({ state: 'failed', message: errorMessage(err) })
        },
      )
    },
    [api],
  )

  return { versions, load }
}
