import { Link } from '@/components/link'

export default function NotFoundRoute() {
  return (
    <section className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6 shadow-sm">
      <h2 className="text-lg font-semibold">Seite nicht gefunden</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Diese Adresse gibt es nicht.{' '}
        <Link
          href="/"
          className="rounded font-medium text-green-800 dark:text-green-300 underline underline-offset-2 hover:text-green-900 dark:hover:text-green-200 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:focus-visible:ring-green-500"
        >
          Zum Rechner
        </Link>
      </p>
    </section>
  )
}
