import { useMemo, useState } from 'react'
import type { ScaleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import type { AdjustedKey, AdjustState } from './adjusted'

// The key for this test (docs/spec.md §10) on the calculator route, whose JS has a budget: the route holds
// only the state; the rule and the panel arrive lazily (adjusted.ts), before the page is taken over when the
// address holds an adjustment (main.tsx, entry-server.tsx), else when the teacher opens the panel.

let module: typeof import('./components/adjust-part') | undefined

/**
 * Loads the adjustment's code, the rule and the panel in one chunk; from then on useAdjustedKey reads the
 * address and adjusts.
 */
export const loadAdjusted = () => import('./components/adjust-part').then((m) => (module = m))

/** The adjustment's code once loaded (use-adjusted-source.ts reads the link's version with it). */
export const adjustedModule = () => module

/**
 * The key of the page: the school's document of `version` with the teacher's adjustment. Before the
 * adjustment's code is here, the school's key and the state's setter only.
 */
export function useAdjustedKey(config: ScaleDocument, version: number): AdjustedKey {
  const [state, set] = useState<AdjustState | undefined>(() => module?.initial(window.location.search))
  return useMemo(
    () => module?.adjusted(config, version, state, set) ?? { key: keyOf(config), set },
    [config, version, state],
  )
}
