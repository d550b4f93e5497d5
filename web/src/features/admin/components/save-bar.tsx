import { Button } from '@/components/button'

interface SaveBarProps {
  isSubmitting: boolean
  isDirty: boolean
  onDiscard: () => void
}

// Unavailable, the buttons are aria-disabled rather than disabled: the browser drops the focus of a button
// that becomes disabled to the page's body, so a keyboard user who saved or discarded would start over at
// the top. Their clicks then do nothing (Enter in a field never saves, enter-does-not-save.ts).
export const unavailable = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

/** The foot of an editor's form: save, discard the edits, and whether there are unsaved ones. */
export function SaveBar({ isSubmitting, isDirty, onDiscard }: SaveBarProps) {
  const discardable = isDirty && !isSubmitting
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <Button
        type="submit"
        aria-disabled={isSubmitting}
        className={unavailable}
        onClick={(e) => {
          if (isSubmitting) e.preventDefault()
        }}
      >
        {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
      </Button>
      <Button
        variant="secondary"
        aria-disabled={!discardable}
        className={unavailable}
        onClick={() => {
          if (discardable) onDiscard()
        }}
      >
        Änderungen verwerfen
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {isDirty ? 'Ungespeicherte Änderungen.' : 'Keine ungespeicherten Änderungen.'}
      </p>
    </div>
  )
}
