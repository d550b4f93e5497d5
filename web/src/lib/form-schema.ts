import * as v from 'valibot'

// Forms check their values with valibot, the one schema library of the app (its answers from the API
// are checked with it too), through react-hook-form's valibotResolver.

/** The first message a schema gives for a value; null when the value passes. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value)
  return result.success ? null : result.issues[0].message
}

/** The messages of a form by field path ("name", "bands.0.from"); undefined or null: no message. */
export type FieldMessages = Record<string, string | null | undefined>

/**
 * A form's schema: the shape of its values, and one check of the whole that gives each field's
 * message. One check rather than a rule per field: the resolver stops at a schema's first issue, so
 * rules on the fields would hide a rule between fields (the repeat of a password) until they pass.
 */
export function formSchema<E extends v.ObjectEntries>(
  entries: E,
  check: (values: v.InferOutput<v.ObjectSchema<E, undefined>>) => FieldMessages,
) {
  return v.pipe(
    v.object(entries),
    v.rawCheck<v.InferOutput<v.ObjectSchema<E, undefined>>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      for (const [field, message] of Object.entries(check(dataset.value))) {
        if (message == null) continue
        const [first = '', ...rest] = field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key))
        const item = (key: string | number) =>
          ({ type: 'unknown', origin: 'value', input: dataset.value, key, value: undefined }) as const
        addIssue({ message, path: [item(first), ...rest.map(item)] })
      }
    }),
  )
}
