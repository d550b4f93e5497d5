import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useHistory, useOpenVersions, useRestore } from '../use-history'
import { useStoredVersions } from '../use-stored-versions'
import { HistoryList } from './history-list'
import { RestoreDialog } from './restore-dialog'
import { StoredComparison } from './stored-comparison'

/**
 * "Verlauf": every stored version, newest first, 50 at a time ("Ältere Versionen laden" for more), each
 * to be opened (its table and what differs from the current version) and restored as a new version after
 * the same comparison. The list is read again whenever the live configuration changes (someone saved
 * or restored).
 */
export function ConfigHistory({ source }: { source?: EditorSource }) {
  const page = useLiveConfig()
  const live = source?.live ?? page
  const api = source?.api ?? defaultScaleApi
  const liveVersion = live.data?.version
  const { history, reload, entries, nextBefore, loadingOlder, loadOlder } = useHistory(api, liveVersion)
  const { asking, setAsking, restoring, restore, made } = useRestore(api, reload)
  const stored = useStoredVersions(api)
  const { open, toggle } = useOpenVersions(stored.load)
  const compare = (version: number, onlyChanged: boolean) => (
    <StoredComparison
      resource={stored.versions.get(version)}
      current={live.data}
      onlyChanged={onlyChanged}
      onRetry={() => {
        stored.load(version)
      }}
    />
  )

  return (
    <Card
      title={source?.title === undefined ? 'Verlauf' : `Verlauf: ${source.title}`}
      description="Jede gespeicherte Version. Wiederherstellen speichert sie als neue Version; nichts geht verloren."
    >
      {history.state === 'loading' && <Spinner label="Verlauf wird geladen" />}
      {history.state === 'failed' && (
        <Notice tone="error" role="alert">
          <p>{history.message}</p>
          <Button variant="secondary" onClick={reload}>
            Erneut versuchen
          </Button>
        </Notice>
      )}
      {history.state === 'ready' && (
        <HistoryList
          entries={entries}
          liveVersion={liveVersion}
          made={made}
          open={open}
          onToggle={toggle}
          onRestore={(entry) => {
            stored.load(entry.version)
            setAsking(entry)
          }}
          compare={(version) => compare(version, false)}
        />
      )}
      {nextBefore !== undefined && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={loadingOlder}
          onClick={() => void loadOlder(nextBefore)}
        >
          {loadingOlder ? 'Wird geladen …' : 'Ältere Versionen laden'}
        </Button>
      )}
      {asking !== null && (
        <RestoreDialog
          entry={asking}
          busy={restoring}
          onConfirm={() => void restore(asking)}
          onCancel={() => {
            setAsking(null)
          }}
        >
          {compare(asking.version, true)}
        </RestoreDialog>
      )}
    </Card>
  )
}
