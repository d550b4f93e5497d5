import { useId, type ComponentProps, type ReactNode } from 'react'
import { errorClass, inputClass, labelClass } from './styles'

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'className'> {
  label: ReactNode
  /**
   * The label beside the select, both wrapping onto two lines where they do not fit (a choice above
   * a page, such as the Notenschlüssel); above it otherwise, as TextField has it.
   */
  inline?: boolean
  /** The label for assistive technology only (a select in a row that names what it sets). */
  hideLabel?: boolean
  /** The field's message, shown below it and linked with aria-describedby. */
  error?: string | undefined
  /** Classes of the wrapper (its place in the layout). */
  className?: string
  /** More classes of the select itself (its width). */
  selectClassName?: string
}

/**
 * A select with a real label (and its error), in the look of every input (components/styles.ts).
 * The options are its children. Spread react-hook-form's register() into it, as into TextField.
 */
export function SelectField({
  label,
  inline = false,
  hideLabel = false,
  error,
  className,
  selectClassName = '',
  id,
  children,
  ...select
}: SelectFieldProps) {
  const auto = useId()
  const selectId = id ?? auto
  const errorId = `${selectId}-error`
  const below = inline || hideLabel ? '' : 'mt-1.5 '
  return (
    <div
      className={
        inline ? `flex flex-wrap items-center gap-x-3 gap-y-1.5 ${className ?? ''}`.trim() : className
      }
    >
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : errorId}
        className={inputClass(error !== undefined, below + selectClassName)}
        {...select}
      >
        {children}
      </select>
      {error !== undefined && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  )
}
