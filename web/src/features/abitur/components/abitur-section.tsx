import { lazy, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { ToolOpener } from '@/components/tool-opener'

// The tool's code (the rule, the form) loads only when it is opened.
const AbiturTool = lazy(() => import('./abitur-tool'))

/**
 * The Abitur average's place on the calculator page (docs/spec.md §12): a heading, a sentence and a
 * button that loads the tool. Not printed while closed.
 */
export default function AbiturSection() {
  const [open, setOpen] = useState(false)
  if (open) {
    return (
      <LazyPart fallback={<Spinner label="Abiturrechner wird geladen" />}>
        <AbiturTool />
      </LazyPart>
    )
  }
  return (
    <ToolOpener
      title="Abiturnote"
      text="Aus den Punkten von Block I und Block II die Durchschnittsnote, die Mindestbedingungen und was zur nächsten Note fehlt. Nichts verlässt diesen Browser."
      action="Abiturnote berechnen"
      onOpen={() => {
        setOpen(true)
      }}
    />
  )
}
