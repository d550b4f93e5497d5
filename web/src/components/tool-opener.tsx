import { useId } from 'react'
import { Button } from './button'
import { cardClass } from './styles'

interface ToolOpenerProps {
  title: string
  /** One sentence: what the tool does, and where its data stays. */
  text: string
  /** The button that opens it ("Notenspiegel erstellen"). */
  action: string
  onOpen: () => void
  /** Takes the focus when shown (the tool was just closed from inside, its button gone). */
  autoFocus?: boolean
}

/**
 * A teacher's tool while closed (the Notenspiegel, the Zeugnisnote): its heading, a sentence and the
 * button that loads and opens it. Not printed.
 */
export function ToolOpener({ title, text, action, onOpen, autoFocus = false }: ToolOpenerProps) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`${cardClass} print:hidden`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
        </div>
        <Button
          variant="secondary"
          // only right after the person closed the tool from inside
          autoFocus={autoFocus}
          onClick={onOpen}
          className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {action}
        </Button>
      </div>
    </section>
  )
}
