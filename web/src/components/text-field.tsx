import { useId, type ComponentProps, type ReactNode } from 'react'
import { hintClass, inputClass, labelClass, errorClass } from './styles'

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
