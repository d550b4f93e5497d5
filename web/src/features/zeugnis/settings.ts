// The school's Zeugnisnote settings for a scale (docs/spec.md §9): the tendency of + and -, which
// neighbour an average exactly on the middle gets, the Swiss step, and the categories a term's grades
// fall into. The admin sets them per scale; a scale without them uses the rule's defaults.

export interface ZeugnisSettings {
  tendency?: string
  rounding?: 'better' | 'worse'
  step?: string
  categories?: { name: string; weight: string }[]
}

const isText = (x: unknown): x is string => typeof x === 'string'

/**
 * The settings a scale's document carries in its member `zeugnis`, read defensively: the stream is
 * untrusted, and a member that is not what it should be is left out (the rule's default applies).
 */
export function zeugnisSettingsOf(config: object): ZeugnisSettings {
  if (!('zeugnis' in config)) return {}
  const z = config.zeugnis
  if (typeof z !== 'object' || z === null) return {}
  const { tendency, rounding, step, categories } = z as Record<string, unknown>
  const settings: ZeugnisSettings = {}
  if (isText(tendency) && tendency !== '') settings.tendency = tendency
  if (rounding === 'better' || rounding === 'worse') settings.rounding = rounding
  if (isText(step) && step !== '') settings.step = step
  if (Array.isArray(categories)) {
    const list = categories.flatMap((c: unknown) => {
      if (typeof c !== 'object' || c === null) return []
      const { name, weight } = c as Record<string, unknown>
      return isText(name) && isText(weight) ? [{ name, weight }] : []
    })
    if (list.length > 0) settings.categories = list
  }
  return settings
}
