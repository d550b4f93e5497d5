import { Card } from '@/components/card'
import { Link } from '@/components/link'
import type { User } from '@/lib/session'

/** What a signed-in account without the admin role sees on /admin: it may not edit. */
export function ReadOnlyNotice({ user }: { user: User }) {
  return (
    <Card title="Keine Bearbeitungsrechte" className="wrap-anywhere">
      <p className="text-slate-800 dark:text-slate-100">
        Dieses Konto ({user.email}) darf den Notenschlüssel und die Konten nicht bearbeiten; das dürfen nur
        Admin-Konten.
      </p>
      <p className="mt-3 text-slate-800 dark:text-slate-100">
        Der{' '}
        <Link
          href="/"
          className="rounded font-medium text-green-800 dark:text-green-300 underline underline-offset-2 hover:text-green-900 dark:hover:text-green-200 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:focus-visible:ring-green-500"
        >
          Rechner
        </Link>{' '}
        steht allen offen.
      </p>
    </Card>
  )
}
