import { useEffect, useState } from 'react'
import { readSchool, type School } from '@/lib/school'

// The school's Land and its rule for the Notenspiegel (docs/spec.md §11): asked once from the server
// when a part needs it (the fetch's code loads only then), and kept in this browser, so that the
// statement stands offline too, with the last answer.

export const SCHOOL_KEY = 'notenrechner.schule'

/** What useSchool knows: the setting (null until any answer is known) and whether it is the kept copy. */
export interface SchoolState {
  school: School | null
  /** The setting is the copy kept in this browser; the server has not answered (yet, or at all). */
  stale: boolean
}

function kept(): School | null {
  try {
    const raw = localStorage.getItem(SCHOOL_KEY)
    return raw === null ? null : readSchool(JSON.parse(raw))
  } catch {
    return null
  }
}

/**
 * The school's setting. `enabled` false asks nothing (a part not shown yet); once true, it asks the
 * server once per mount and keeps the answer. A failed request leaves the kept copy, marked stale.
 */
export function useSchool(enabled = true): SchoolState {
  const [state, setState] = useState<SchoolState>(() => ({ school: kept(), stale: true }))
  useEffect(() => {
    if (!enabled) return
    let live = true
    import('@/lib/school-fetch')
      .then(({ fetchSchool }) => fetchSchool())
      .then((school) => {
        try {
          localStorage.setItem(SCHOOL_KEY, JSON.stringify(school))
        } catch {
          // private mode or a full storage: the answer still shows, it is just not kept
        }
        if (live) setState({ school, stale: false })
      })
      .catch(() => {
        // offline or refused: the kept copy stays, marked stale
      })
    return () => {
      live = false
    }
  }, [enabled])
  return state
}
