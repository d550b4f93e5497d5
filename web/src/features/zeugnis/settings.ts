import type { ScaleDocument, ZeugnisSettings } from '@/lib/config'

/**
 * The school's Zeugnisnote settings of a scale (docs/spec.md §9): the member `zeugnis` of its document,
 * which lib/config.ts has read (settings it cannot read are left out there, and the defaults apply).
 */
export const zeugnisSettingsOf = (config: ScaleDocument): ZeugnisSettings => config.zeugnis ?? {}
