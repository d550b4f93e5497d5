import { Link } from 'wouter'

export function NotFoundRoute() {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">Seite nicht gefunden</h2>
      <p className="mt-2 text-slate-700">
        Diese Adresse gibt es nicht.{' '}
        <Link
          href="/"
          className="rounded font-medium text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700"
        >
          Zum Rechner
        </Link>
      </p>
    </section>
  )
}
