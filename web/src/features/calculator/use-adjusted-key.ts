import { useMemo, useState } from 'react'
import type { ScaleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import type { AdjustedKey, AdjustState } from './adjusted'
import type { AdjustedSource } from './adjusted-source'

// The key for this test (docs/spec.md §10) on the calculator route, whose JS has a budget: the route holds
// only the state; the rule and the panel arrive lazily (adjusted.ts), before the page is taken over when the
// address holds an adjustment (main.tsx, entry-server.tsx), else when the teacher opens the panel.

let module: typeof import('./components/adjust-part') | undefined

/**
 * Loads the adjustment's code, the rule and the panel in one chunk; from then on useAdjustedKey reads the
 * address and adjusts.
 */
export const loadAdjusted = () => import('./components/adjust-part').then((m) => (module = m))

/**
 * The key of the page: the school's document (of the version a shared link was made on, fetched when the page
 * holds a newer one) with the teacher's adjustment. Before the adjustment's code is here, the school's key
 * and the state's setter only. The route keeps only state; adjusted-source.ts decides.
 */
export function useAdjustedKey(
  config: ScaleDocument,
  version: number,
): Partial<AdjustedSource> & {
  adjusted: AdjustedKey
} {
  const [state, set] = useState<AdjustState | undefined>(() => module?.initial(window.location.search))
  return useMemo(
    () =>
      module?.adjustedSource(config, version, { state, set }) ?? { adjusted: { key: keyOf(config), set } },
    [config, version, state],
  )
}
