import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'valibot'
import type { LiveConfig } from '@/lib/config'
import { gradingConfigSchema } from '@/lib/config'

/** The docs/spec.md §4 default from the shared vectors, wrapped as the server sends it. */
export function standardLiveConfig(version = 3): LiveConfig {
  const file = join(import.meta.dirname, '../../../testdata/grading/configs/standard.json')
  const config = parse(gradingConfigSchema, JSON.parse(readFileSync(file, 'utf8')))
  return { version, savedAt: '2026-11-22T10:00:00Z', config } // as the public stream sends it: no author
}
