import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

/**
 * Shows a 422's field messages at the form's fields (the server's paths mapped by fieldFor) and
 * returns the messages that have no field in this form, "path: message", to show above it.
 */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  fieldFor: (path: string) => Path<T> | null,
): string[] {
  const rest: string[] = []
  let first = true
  for (const [path, message] of Object.entries(fields)) {
    const field = fieldFor(path)
    if (field === null) {
      rest.push(path === '' ? message : `${path}: ${message}`)
      continue
    }
    setError(field, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return rest
}

/** A field map key → the same-named form field, when the form has it. */
export function sameName<T extends FieldValues>(names: readonly Path<T>[]): (path: string) => Path<T> | null {
  return (path) => names.find((n) => n === path) ?? null
}
