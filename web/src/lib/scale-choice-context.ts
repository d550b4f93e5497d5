import { createContext, useContext } from 'react'

// The page's scale choice as React context (app/provider.tsx provides it); apart from lib/scale-choice.ts,
// which has no React in it, so that the early result (features/calculator/early-result.ts) can read the
// choice before React has arrived.

export interface ScaleChoice {
  /** The chosen scale's slug; null for the default. */
  slug: string | null
  /** Follows another scale: closes the old stream, opens the new one (app/provider.tsx). */
  choose: (slug: string | null) => void
}

export const ScaleChoiceContext = createContext<ScaleChoice>({ slug: null, choose: () => undefined })

/** The page's scale choice, provided by AppProvider. */
export const useScaleChoice = (): ScaleChoice => useContext(ScaleChoiceContext)
