import type { ReactNode } from 'react'
import { Card } from '@/components/card'
import type { LiveConfig } from '@/lib/config'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import { EditorNotices } from './editor-notices'

interface EditorShellProps {
  /** The live version of the scale, for the notices about newer ones. */
  live: LiveConfig
  /** The editor's state (useVersionEditor), whichever kind of rule its form edits. */
  editor: {
    loaded: LiveConfig
    conflict: LiveConfig | null
    newer: boolean
    unmapped: string[]
    load: (next: LiveConfig) => void
  }
  /** The scale's title, when it is not the document's name. */
  title: string | undefined
  /** What the description says after the version, such as the system: " Notensystem: …". */
  about?: string
  /** The fields of the rule's kind, with their save bar. */
  children: ReactNode
  /** What the form would make, below the card. */
  preview: ReactNode
}

/**
 * The one editor of a version, whatever kind of rule its document follows: the version being edited,
 * the notices about newer ones and refused saves, the kind's fields, and below them the preview.
 */
export function EditorShell({ live, editor, title, about = '', children, preview }: EditorShellProps) {
  const { loaded, conflict, newer, unmapped, load } = editor
  return (
    <div className="space-y-6">
      <Card
        title={`Notenschlüssel „${title ?? loaded.config.name}“`}
        description={`Bearbeitet wird Version ${loaded.version} („${loaded.config.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}.${about}`}
      >
        <div className="space-y-4">
          <EditorNotices live={live} conflict={conflict} newer={newer} unmapped={unmapped} load={load} />
          {children}
        </div>
      </Card>
      {preview}
    </div>
  )
}
