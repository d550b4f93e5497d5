import { renderedStart } from '@/lib/embedded-config'
import { shownGrade } from '@/lib/grade-words'
import { keyOf } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'
import { readScaleChoice } from '@/lib/scale-choice'
import { calculate } from './grading'

// The server's page (web/render.go) shows the form before the app has arrived; on a slow phone that
// takes a second or more. Until then this shows the result of what is typed, with the app's own
// calculator on the configuration the page was rendered with, so that it is the very text the app
// will show: it runs from a small script of its own (src/early.ts), whose chunk the app imports this
// module from too (so it starts on that import as well, when the script has not run yet). It writes only
// the two outputs' text and size. The app takes them over as they are (ResultField's
// suppressHydrationWarning) and stops this at its first commit (takeOverEarlyResult in CalculatorForm):
// until then both follow the same fields, and from then the app renders the outputs from what was typed
// (useTypedBeforeTakeover). The grade's mark in the table, the Punkteschlüssel and the printed result wait
// for the app. Nothing happens when the app renders its own page instead (main.tsx).

/**
 * The address holds the key for this test (docs/spec.md §10): the page's key is then not the school's,
 * and its code must be here before the page is taken over (main.tsx); the early result waits for the app.
 */
export const ADJUSTED = /[?&](bestehen|beste|rundung)=/

let stop: (() => void) | undefined
let takenOver = false

/** The size class of a result's text: a long one is smaller, so that it stays on one line at 390 px. */
export const resultSize = (value: string): string => (value.length > 7 ? 'text-lg' : 'text-2xl')

/** Shows results for the server page's form until the app takes it over (takeOverEarlyResult). */
export function startEarlyResult(doc: Document = document): void {
  const root = doc.getElementById('root')
  if (takenOver || stop !== undefined || root === null || ADJUSTED.test(location.search)) return
  const start = renderedStart(root, readScaleChoice())
  const form = root.querySelector('form')
  const [total, achieved] = form?.querySelectorAll('input') ?? []
  const outputs = form?.querySelectorAll('output') ?? []
  if (start === undefined || !form || !total || !achieved || outputs.length !== 2) return
  const key = keyOf(start.config.config)
  const show = () => {
    const result = calculate(key, total.value, achieved.value)
    const texts = [
      inNotation(result.percentage, notationOf(key.system)),
      shownGrade(key, result.grade, result.alt),
    ]
    outputs.forEach((output, i) => {
      const text = texts[i] ?? ''
      output.textContent = text
      output.classList.toggle('text-lg', resultSize(text) === 'text-lg')
      output.classList.toggle('text-2xl', resultSize(text) === 'text-2xl')
    })
  }
  form.addEventListener('input', show)
  stop = () => {
    form.removeEventListener('input', show)
  }
  show()
}

/** The app has taken the page over (its first commit): from now on it shows the results. */
export function takeOverEarlyResult(): void {
  takenOver = true
  stop?.()
}
