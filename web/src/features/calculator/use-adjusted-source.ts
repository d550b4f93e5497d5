import { useEffect, useState } from 'react'
import type { ScaleDocument } from '@/lib/config'
import type { AdjustedKey } from './adjusted'
import type { OldVersion, Source } from './adjusted-source'
import { adjustedModule, useAdjustedKey } from './use-adjusted-key'

// useAdjustedKey on the version a shared link was made on (docs/spec.md §10): the route holds the fetched
// version and the effect that fetches it; which version, and what the page says, is decided by the lazily
// loaded adjusted-source.ts, which is here whenever the address holds an adjustment (use-adjusted-key.ts).

export interface AdjustedSource {
  adjusted: AdjustedKey
  /** The document and version the adjustment applies to, and what to say about it; undefined before the code is here. */
  source: Source | undefined
  /** Applies the adjustment to the version the page holds (rewrites `stand`). */
  applyToCurrent: () => void
}

export function useAdjustedSource(config: ScaleDocument, version: number): AdjustedSource {
  const [old, setOld] = useState<OldVersion | null>(null)
  const [, setApplied] = useState(0)
  const m = adjustedModule()
  const search = window.location.search
  const source = m?.sourceOf(search, config, version, old)
  const wanted = m?.wantedVersion(search, version) ?? null
  useEffect(() => {
    const load = adjustedModule()?.loadVersion
    if (wanted === null || load === undefined) return
    let live = true
    void load(window.location.search, wanted).then((o) => {
      if (live) setOld(o)
    })
    return () => {
      live = false
    }
  }, [wanted])
  const adjusted = useAdjustedKey(source?.config ?? config, source?.version ?? version)
  return {
    adjusted,
    source,
    applyToCurrent: () => {
      adjustedModule()?.applyToCurrent(version)
      // the address changed outside React: render again to read it
      setApplied((n) => n + 1)
    },
  }
}
