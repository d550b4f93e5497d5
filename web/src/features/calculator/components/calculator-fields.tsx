import type { Ref } from 'react'
import { inputClass, labelClass } from '@/components/styles'
import { resultSize } from '../early-result'
import type { InputProblem } from '../input-check'

interface PointsFieldProps {
  id: string
  label: string
  placeholder: string
  enterKeyHint: 'next' | 'done'
  value: string
  /** What is wrong with the value, once the person has paused or left the field. */
  problem: InputProblem | null
  onChange: (value: string) => void
  onBlur: () => void
  /** Enter moves on (to the achieved points), as a teacher typing a list expects. */
  onEnter?: () => void
  inputRef?: Ref<HTMLInputElement>
}

/** One of the calculator's two number inputs, with its message below it. */
export function PointsField({ id, label, problem, onChange, onEnter, inputRef, ...input }: PointsFieldProps) {
  const messageId = `${id}-msg`
  return (
    <div className="col-span-2 sm:col-span-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        ref={inputRef}
        {...input}
        onChange={(e) => {
          onChange(e.target.value)
        }}
        {...fieldState(problem, messageId)}
        onKeyDown={(e) => {
          if (onEnter !== undefined && e.key === 'Enter') {
            e.preventDefault()
            onEnter()
          }
        }}
        className={inputClass(isInvalid(problem), 'mt-1.5 tabular-nums', 'large')}
      />
      <FieldMessage id={messageId} problem={problem} />
    </div>
  )
}

/** The input's ARIA state for its problem: errors and warnings mark it invalid, a note only describes it. */
const isInvalid = (problem: InputProblem | null) => problem !== null && problem.level !== 'note'

function fieldState(problem: InputProblem | null, messageId: string) {
  if (problem === null) return {}
  return { 'aria-describedby': messageId, ...(isInvalid(problem) ? { 'aria-invalid': true as const } : {}) }
}

const messageClass = {
  error: 'text-red-700 dark:text-red-300',
  warning: 'text-amber-800 dark:text-amber-200',
  note: 'text-slate-600 dark:text-slate-300',
}

/** A field's message: a polite live region that is always there, so that a new text is announced. */
function FieldMessage({ id, problem }: { id: string; problem: InputProblem | null }) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1.5 text-sm font-medium wrap-anywhere ${problem === null ? '' : messageClass[problem.level]}`}
    >
      {problem?.text}
    </p>
  )
}

/**
 * A result (percentage, grade) as an `<output>` for both inputs. min-h, not h: a hostile input (a
 * 30-digit value) gives a long percentage, which wraps inside the box instead of widening the page;
 * a long result ("120000,0%") gets a smaller size (resultSize), so that it stays on one line in the
 * half-width box at 390 px.
 */
export function ResultField({
  id,
  label,
  of,
  value,
}: {
  id: string
  label: string
  of: string
  value: string
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <output
        id={id}
        htmlFor={of}
        className={
          'mt-1.5 flex min-h-12 w-full items-center rounded-lg py-1 wrap-anywhere bg-green-50 dark:bg-green-950 px-3 font-semibold tabular-nums text-green-900 dark:text-green-300 ' +
          resultSize(value)
        }
        // the early result may have written it before the app took the page over (early-result.ts); this would
        // also hide a real difference between the server's text and the app's, which come from the same code
        suppressHydrationWarning
      >
        {value}
      </output>
    </div>
  )
}

/**
 * Prints the page (the form itself does not print; the result does, beside the table). Its padding makes
 * a touch target of 44 px, which the negative margin keeps from moving the heading beside it.
 */
export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => {
        window.print()
      }}
      className="-m-3 rounded p-3 text-sm font-medium text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:text-green-300 dark:hover:text-green-200"
    >
      Drucken
    </button>
  )
}
