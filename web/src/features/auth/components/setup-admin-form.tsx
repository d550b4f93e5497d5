import { checkSetupToken } from '../api/auth'
import { LinkGate } from './link-gate'
import { SETUP_TITLE, SetupForm } from './setup-form'

const HINT = (
  <>
    Solange es kein Admin-Konto gibt, schreibt der Server bei jedem Start einen neuen Einrichtungslink in sein
    Protokoll; auf dem Server legt{' '}
    <code className="rounded bg-slate-100 dark:bg-slate-800 px-1">notenrechner admin create</code> das Konto
    ebenfalls an.
  </>
)

/** /admin?setup=TOKEN: the one-time link the server logs while no admin exists creates the first admin. */
export function SetupAdminForm({ token }: { token: string }) {
  return (
    <LinkGate
      token={token}
      check={checkSetupToken}
      title={SETUP_TITLE}
      checkingLabel="Einrichtungslink wird geprüft"
      hint={HINT}
    >
      {(_, onInvalid) => <SetupForm token={token} onInvalid={onInvalid} />}
    </LinkGate>
  )
}
