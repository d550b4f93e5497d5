import type { components } from '@/lib/api-types.gen'

// The list of scales for the calculator's choice (GET /api/v1/scales; archived ones are listed for
// admins only). Loaded with the picker, not with the route (its JS has a budget).

export type ScaleSummary = components['schemas']['ScaleSummary']

const isScale = (s: unknown): s is ScaleSummary => {
  const o = s as Partial<ScaleSummary> | null
  return (
    typeof o?.slug === 'string' &&
    typeof o.name === 'string' &&
    typeof o.default === 'boolean' &&
    typeof o.archived === 'boolean'
  )
}

/** The scales, or null when the server cannot say (offline, an old server without scales). */
export async function fetchScales(): Promise<ScaleSummary[] | null> {
  try {
    const res = await fetch('/api/v1/scales', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
    if (!res.ok) return null
    const body = (await res.json()) as { scales?: unknown }
    return Array.isArray(body.scales) ? body.scales.filter(isScale) : null
  } catch {
    return null
  }
}
