import { ConfirmDialog } from '@/components/confirm-dialog'
import type { AskedChange } from '../use-scale-changes'

interface ScaleChangeDialogProps {
  asking: AskedChange
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Making a scale the default and archiving one change every open page, so both are asked first. */
export function ScaleChangeDialog({ asking, busy, onConfirm, onCancel }: ScaleChangeDialogProps) {
  const name = asking.scale.name
  if (asking.change === 'default') {
    return (
      <ConfirmDialog
        title={`„${name}“ voreinstellen?`}
        confirmLabel="Voreinstellen"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>
          Alle, die keinen Notenschlüssel gewählt haben, rechnen ab sofort damit, auch Programme, die keinen
          Schlüssel angeben.
        </p>
      </ConfirmDialog>
    )
  }
  return (
    <ConfirmDialog
      title={`„${name}“ archivieren?`}
      confirmLabel="Archivieren"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Der Schlüssel verschwindet aus der Auswahl im Rechner; offene Seiten mit ihm bekommen einen Hinweis
        und den voreingestellten angeboten. Versionen und Verlauf bleiben, und er lässt sich jederzeit
        zurückholen.
      </p>
    </ConfirmDialog>
  )
}
