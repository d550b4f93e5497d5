import { useEffect, useRef } from 'react'
import { Button } from '@/components/button'
import { GradeTable } from '@/components/grade-table'
import { TextField } from '@/components/text-field'
import type { ScaleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { useDocumentCreator } from '../use-document-creator'
import { RefusedNotice } from './editor-notices'

interface DocumentCreatorProps {
  doc: ScaleDocument
  /** The preset the document is, sent as its id; the scale then has the preset's name. */
  preset?: string | undefined
  taken: readonly string[]
  onCreated: (slug: string) => void
  onCancel: () => void
  /** Moves focus to the name once shown: the document was just made by a button above (a table, a copy). */
  focusName?: boolean
}

/** The name, the Kurzname and the table of a new scale whose document is made already; "Speichern" creates it. */
export function DocumentCreator({
  doc,
  preset,
  taken,
  onCreated,
  onCancel,
  focusName = false,
}: DocumentCreatorProps) {
  const c = useDocumentCreator(doc, preset, taken, onCreated)
  const name = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (focusName) name.current?.focus()
  }, [focusName])
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void c.submit()
      }}
      className="space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={name}
          label="Name"
          hint={
            preset === undefined
              ? 'Steht über der Tabelle.'
              : 'Der Name der Vorlage; später im Editor änderbar.'
          }
          autoComplete="off"
          readOnly={preset !== undefined}
          value={c.name}
          error={c.errors.name}
          onChange={(e) => {
            c.setName(e.target.value)
          }}
        />
        <TextField
          label="Kurzname"
          hint={`Für die Adresse: /?schluessel=${c.slug === '' ? '…' : c.slug}. Später nicht änderbar.`}
          autoComplete="off"
          spellCheck={false}
          value={c.slug}
          error={c.errors.slug}
          onChange={(e) => {
            c.typeSlug(e.target.value)
          }}
        />
      </div>
      <GradeTable scaleKey={keyOf(doc)} name={c.name} />
      <RefusedNotice
        title="Der Server hat den Notenschlüssel abgelehnt."
        messages={c.errors.other === undefined ? [] : [c.errors.other]}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button type="submit" disabled={c.busy}>
          {c.busy ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <Button variant="secondary" disabled={c.busy} onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}
