import { Button } from '@/components/button'

interface SaveBarProps {
  isSubmitting: boolean
  isDirty: boolean
  onDiscard: () => void
}

/** The foot of an editor's form: save, discard the edits, and whether there are unsaved ones. */
export function SaveBar({ isSubmitting, isDirty, onDiscard }: SaveBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
      </Button>
      <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={onDiscard}>
        Änderungen verwerfen
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {isDirty ? 'Ungespeicherte Änderungen.' : 'Keine ungespeicherten Änderungen.'}
      </p>
    </div>
  )
}
