import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import type { LiveConfig } from '@/lib/config'
import { formatSavedAt, savedByPhrase } from '@/lib/format'

/** A save was refused (412): `conflict` is the version that won; the edits stay until it is loaded. */
export function ConflictNotice({ conflict, onLoad }: { conflict: LiveConfig; onLoad: () => void }) {
  return (
    <Notice
      tone="warning"
      role="alert"
      title={`Jemand anderes hat inzwischen Version ${conflict.version} gespeichert.`}
    >
      <VersionFacts config={conflict} />
      <p>
        Ihre Änderungen wurden nicht gespeichert und bleiben hier stehen, bis Sie die neuere Version laden.
      </p>
      <Button variant="secondary" onClick={onLoad}>
        Neuere Version laden
      </Button>
    </Notice>
  )
}

/** A newer version was saved while the form has unsaved edits. */
export function NewerNotice({ live, onLoad }: { live: LiveConfig; onLoad: () => void }) {
  return (
    <Notice tone="info" role="status" title={`Eine neuere Version (${live.version}) wurde gespeichert.`}>
      <VersionFacts config={live} />
      <p>Laden ersetzt Ihre ungespeicherten Änderungen.</p>
      <Button variant="secondary" onClick={onLoad}>
        Laden
      </Button>
    </Notice>
  )
}

/** The server's messages that no field of the form shows (title: what it refused). */
export function RefusedNotice({ title, messages }: { title: string; messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <Notice tone="error" role="alert" title={title}>
      <ul className="list-disc pl-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </Notice>
  )
}

function VersionFacts({ config }: { config: LiveConfig }) {
  return (
    <p>
      „{config.config.name}“, gespeichert am {formatSavedAt(config.savedAt)}
      {savedByPhrase(config.savedBy)}.
    </p>
  )
}

interface EditorNoticesProps {
  /** The live version; a newer one than the loaded can be loaded while there are unsaved edits. */
  live: LiveConfig
  conflict: LiveConfig | null
  newer: boolean
  unmapped: string[]
  load: (version: LiveConfig) => void
}

/** What an editor says above its fields: a save refused by a newer version, a newer version, the server's refusals. */
export function EditorNotices({ live, conflict, newer, unmapped, load }: EditorNoticesProps) {
  return (
    <>
      {conflict !== null && (
        <ConflictNotice
          conflict={conflict}
          onLoad={() => {
            load(conflict)
          }}
        />
      )}
      {newer && (
        <NewerNotice
          live={live}
          onLoad={() => {
            load(live)
          }}
        />
      )}
      <RefusedNotice title="Der Server hat die Konfiguration abgelehnt." messages={unmapped} />
    </>
  )
}
