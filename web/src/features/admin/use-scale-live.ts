import { useMemo } from 'react'
import { createLiveConnection } from '@/lib/live-connection'
import type { LiveConfigState, LiveConnection } from '@/lib/live-types'
import { scaleEventsUrl, scaleStorageKey } from '@/lib/scale-choice'
import { useLiveConnection } from '@/lib/use-live-config'

const WAITING: LiveConfigState = { state: 'loading', failed: false, retry: () => undefined }
const IDLE: LiveConnection = {
  getSnapshot: () => WAITING,
  subscribe: () => () => undefined,
  open: () => undefined,
  close: () => undefined,
  retry: () => undefined,
}

/**
 * The live state of one scale for the editor and the history, on a stream of its own while they
 * show it; none (and 'loading') for undefined, e.g. when the page's shared stream is that scale already.
 */
export function useScaleLive(slug: string | undefined): LiveConfigState {
  const connection = useMemo(
    () =>
      slug === undefined
        ? IDLE
        : createLiveConnection({ eventsUrl: scaleEventsUrl(slug), storageKey: scaleStorageKey(slug) }),
    [slug],
  )
  return useLiveConnection(connection)
}
