import { useId, type ComponentProps, type ReactNode } from 'react'

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

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'className'> {
  label: ReactNode
  /** The field's message, shown below it and linked with aria-describedby. */
  error?: string | undefined
  hint?: ReactNode
  /** Shown at the end inside the input, e.g. "%". */
  suffix?: string
  className?: string
}

/**
 * A labelled input with its hint and error: aria-invalid and aria-describedby tell assistive
 * technology what the eye sees. Spread react-hook-form's register() into it.
 */
export function TextField({ label, error, hint, suffix, className, id, ...input }: TextFieldProps) {
  const auto = useId()
  const inputId = id ?? auto
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint === undefined ? '' : hintId, error === undefined ? '' : errorId]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      <div className="relative mt-1.5">
        <input
          id={inputId}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          className={inputClass(error !== undefined, suffix === undefined ? '' : 'pr-9')}
          {...input}
        />
        {suffix !== undefined && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600 dark:text-slate-300"
          >
            {suffix}
          </span>
        )}
      </div>
      {error !== undefined && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  )
}
