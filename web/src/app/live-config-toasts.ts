import type { LiveConnection } from '@/lib/live-types'
import { toast } from '@/lib/toast'

// What the live connection tells people (docs/spec.md §2 and §7): a lost and a restored connection, and a first
// configuration that does not come. The connection only reports (lib/live-connection.ts); the app
// decides how to show it.

export const CONNECTION_TOAST_ID = 'live-config-connection'
export const LOAD_TOAST_ID = 'live-config-load'
export const MSG_CONNECTION_LOST = 'Verbindung zur Live-Konfiguration unterbrochen. Neuer Versuch …'
export const MSG_CONNECTION_RESTORED = 'Verbindung wiederhergestellt.'
export const MSG_LOAD_FAILED = 'Die Konfiguration konnte nicht geladen werden. Neuer Versuch läuft …'

/** Shows the connection's events as toasts until the returned function is called. */
export function showLiveConfigToasts(connection: LiveConnection): () => void {
  return connection.subscribe((event) => {
    if (event === 'lost') toast.error(MSG_CONNECTION_LOST, { id: CONNECTION_TOAST_ID })
    else if (event === 'restored') toast.success(MSG_CONNECTION_RESTORED, { id: CONNECTION_TOAST_ID })
    else if (event === 'failed') toast.error(MSG_LOAD_FAILED, { id: LOAD_TOAST_ID })
    // A configuration is on screen (config, stale): the load notice, if any, has done its work.
    else toast.dismiss(LOAD_TOAST_ID)
  })
}
