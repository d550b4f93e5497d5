// Class strings shared by the calculator route and the lazy admin and sign-in pages. They live apart
// from the components that use them (TextField, Card): a module the route imports comes whole into
// the route's first download, which has a budget (docs/benchmarks.md), and those components are not
// needed there.

/** The look of every white section; `Card` uses it, and sections with their own heading too. */
export const cardClass =
  'rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm sm:p-6'

export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-100'
export const errorClass = 'mt-1.5 text-sm font-medium text-red-700 dark:text-red-300'
export const hintClass = 'mt-1 text-sm text-slate-600 dark:text-slate-300'

/** The input look, red-bordered when the field has an error; `large` for the calculator's two main fields. */
export function inputClass(invalid: boolean, extra = '', size: 'base' | 'large' = 'base'): string {
  return (
    (size === 'large' ? 'block h-12 text-lg ' : 'block h-11 text-base ') +
    'w-full rounded-lg border bg-white dark:bg-slate-900 px-3 text-slate-900 dark:text-slate-100 placeholder:text-slate-500 dark:placeholder:text-slate-400 ' +
    'focus:outline-hidden focus-visible:ring-2 read-only:bg-slate-50 dark:read-only:bg-slate-950 ' +
    (invalid
      ? 'border-red-700 dark:border-red-400 focus:border-red-700 dark:focus:border-red-400 focus-visible:ring-red-700/40 dark:focus-visible:ring-red-400/40 '
      : 'border-slate-500 dark:border-slate-400 focus:border-green-700 dark:focus:border-green-500 focus-visible:ring-green-700 dark:focus-visible:ring-green-500 ') +
    extra
  ).trim()
}

/** The look of the header's icon buttons and links (white on green, focus ring in white). */
export const headerIconClass =
  'inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/15 ' +
  'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-green-800'
