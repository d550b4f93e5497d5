import type { KeyboardEvent } from 'react'

/**
 * Enter in a field of an editor does not save: a save publishes to every open page at once, so it takes
 * the button "Speichern" (or Enter on it). Without this, the browser's implicit submission would save
 * when someone confirms a number with Enter, as people do in spreadsheets.
 */
export function enterDoesNotSave(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault()
}
