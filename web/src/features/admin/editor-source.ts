import type { LiveConfigState } from '@/lib/live-types'
import type { ScaleApi } from './api/scales'

/**
 * One scale's configuration for the editor and the history: its live state and its
 * routes. Without one they edit the default scale through /api/v1/config, as before.
 */
export interface EditorSource {
  live: LiveConfigState
  api: ScaleApi
  /** The scale's name, for headings; none while there is only one scale (the page looks as before). */
  title: string | undefined
}
