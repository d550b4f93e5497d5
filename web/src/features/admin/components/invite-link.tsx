import { Check, Copy } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { inputClass } from '@/components/styles'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import { formatSavedAt } from '@/lib/format'
import { toast } from '@/lib/toast'
import type { Invitation } from '../api/users'

interface InviteLinkProps {
  invitation: Invitation
  /** Issued again: the earlier link no longer works, and the text says so. */
  replaced?: boolean
  /** Shown by a click on a control that stays where it is: the link takes the focus, selected, to be copied. */
  focus?: boolean
  onDone: () => void
}

/**
 * The one-time link of an account just added, or issued again, shown once, here, until dismissed:
 * the server keeps only its hash, so it cannot be shown again.
 */
export function InviteLink({ invitation, replaced = false, focus = false, onDone }: InviteLinkProps) {
  const id = useId()
  const input = useFocusOnOpen<HTMLInputElement>(focus)
  const [copied, setCopied] = useState(false)

  const copy = async () => {
    input.current?.select()
    try {
      await navigator.clipboard.writeText(invitation.inviteLink)
      setCopied(true)
      toast.success('Link kopiert.')
    } catch {
      toast.error('Kopieren ging nicht. Bitte den markierten Link von Hand kopieren.')
    }
  }

  return (
    <Notice
      tone="warning"
      role="status"
      title={`Link zum Festlegen des Passworts für ${invitation.user.email}`}
    >
      <p id={`${id}-note`}>
        Nur jetzt sichtbar, 24 Stunden gültig (bis {formatSavedAt(invitation.inviteExpiresAt)}). Bitte an die
        Person weitergeben; mit dem Link legt sie ihr Passwort fest.
        {replaced && ' Der frühere Einladungslink funktioniert nicht mehr.'}
      </p>
      {invitation.linkWarning !== undefined && (
        <p className="font-semibold">
          {/* a command-line option ("--base-url") stays on one line: a narrow page broke it after "--" */}
          {invitation.linkWarning.split(/(--[a-z][a-z-]*)/u).map((part, i) =>
            i % 2 === 1 ? (
              <code key={i} className="whitespace-nowrap">
                {part}
              </code>
            ) : (
              part
            ),
          )}
        </p>
      )}
      <label htmlFor={id} className="sr-only">
        Einladungslink
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={invitation.inviteLink}
          aria-describedby={`${id}-note`}
          onFocus={(e) => {
            e.currentTarget.select()
          }}
          className={inputClass(false, 'font-mono text-sm')}
        />
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? 'Kopiert' : 'Kopieren'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Fertig
          </Button>
        </div>
      </div>
    </Notice>
  )
}
