import { lazy, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { ToolOpener } from '@/components/tool-opener'

// The tool's code (the rule, the form) loads only when it is opened.
const SprachrichtigkeitTool = lazy(() => import('./sprachrichtigkeit-tool'))

/**
 * The Sprachrichtigkeit's place on the calculator page (docs/spec.md §13): a heading, a sentence and a
 * button that loads the Fehlerquotient. Nothing is kept: the tool opens empty on every visit, with the
 * scale's conversion (`setting`, its document's member as received) chosen.
 */
export function SprachrichtigkeitSection({ setting }: { setting?: unknown }) {
  const [open, setOpen] = useState(false)
  if (open) {
    return (
      <LazyPart fallback={<Spinner label="Sprachrichtigkeit wird geladen" />}>
        <SprachrichtigkeitTool setting={setting} />
      </LazyPart>
    )
  }
  return (
    <ToolOpener
      title="Sprachrichtigkeit"
      text="Der Fehlerquotient einer Arbeit (Fehler × 100 / Wörter) und, wo eine Verordnung es sagt, der Abzug. Gerechnet wird in diesem Browser."
      action="Fehlerquotient berechnen"
      onOpen={() => {
        setOpen(true)
      }}
    />
  )
}
