import { createContext, useContext, useEffect, useState } from 'react'
import { openConfigEvents } from './api-client'
import { parseLiveConfig, type LiveConfig } from './config'
import { toast } from './toast'

// The live configuration: one EventSource per page (shared through LiveConfigContext),
// following store → broker → SSE → here → calculator (STYLE.md).

export type LiveConfigState = { state: 'loading'; data?: undefined } | { state: 'ready'; data: LiveConfig }

export const CONNECTION_TOAST_ID = 'live-config-connection'
export const LOAD_TOAST_ID = 'live-config-load'
export const MSG_CONNECTION_LOST = 'Verbindung zur Live-Konfiguration unterbrochen. Neuer Versuch …'
export const MSG_CONNECTION_RESTORED = 'Verbindung wiederhergestellt.'
export const MSG_LOAD_FAILED = 'Die Konfiguration konnte nicht geladen werden. Neuer Versuch läuft …'

/** Time after which a configuration that has not arrived is reported (SPEC §7). */
export const LOAD_TIMEOUT_MS = 10_000
const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 30_000

/**
 * Opens the configuration stream and keeps it open for as long as the calling component is
 * mounted. EventSource reconnects by itself after a dropped connection; when it gives up
 * (readyState CLOSED, e.g. after an HTTP error) a new one is opened after 1 s, doubling up
 * to 30 s. Call it once, in the app's providers; components read it with useLiveConfig.
 */
export function useLiveConfigSource(): LiveConfigState {
  const [data, setData] = useState<LiveConfig>()

  useEffect(() => {
    let source: EventSource | null = null
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let retryDelay = RETRY_FIRST_MS
    let received = false
    let wasOpen = false // a connection was open and has not been reported lost yet
    let outage = false // the loss was reported; the next open reports the restore

    const onOpen = () => {
      retryDelay = RETRY_FIRST_MS
      wasOpen = true
      if (outage) {
        outage = false
        toast.success(MSG_CONNECTION_RESTORED, { id: CONNECTION_TOAST_ID })
      }
    }

    const onConfig = (event: MessageEvent<string>) => {
      const next = parseLiveConfig(event.data)
      if (next === null) {
        console.warn('live config: ignored an event that is not a configuration')
        return
      }
      if (!received) {
        received = true
        toast.dismiss(LOAD_TOAST_ID)
      }
      setData(next)
    }

    const onError = () => {
      if (wasOpen && !outage) {
        wasOpen = false
        outage = true
        toast.error(MSG_CONNECTION_LOST, { id: CONNECTION_TOAST_ID })
      }
      if (source?.readyState === EventSource.CLOSED) {
        close()
        retryTimer = setTimeout(connect, retryDelay)
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
      }
    }

    function close() {
      if (source === null) return
      source.removeEventListener('open', onOpen)
      source.removeEventListener('config', onConfig)
      source.removeEventListener('error', onError)
      source.close()
      source = null
    }

    function connect() {
      source = openConfigEvents()
      source.addEventListener('open', onOpen)
      source.addEventListener('config', onConfig)
      source.addEventListener('error', onError)
    }

    connect()
    const loadTimer = setTimeout(() => {
      if (!received) toast.error(MSG_LOAD_FAILED, { id: LOAD_TOAST_ID })
    }, LOAD_TIMEOUT_MS)

    return () => {
      clearTimeout(loadTimer)
      clearTimeout(retryTimer)
      close()
    }
  }, [])

  return data === undefined ? { state: 'loading' } : { state: 'ready', data }
}

export const LiveConfigContext = createContext<LiveConfigState | null>(null)

/** The live configuration provided by LiveConfigProvider: 'loading' until the first one arrives. */
export function useLiveConfig(): LiveConfigState {
  const value = useContext(LiveConfigContext)
  if (value === null) throw new Error('useLiveConfig must be used inside LiveConfigProvider')
  return value
}
