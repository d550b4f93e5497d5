import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isOriginal, readGradingConfig, type GradingConfig, type LiveConfig } from '@/lib/config'

/** The docs/spec.md §4 default from the shared vectors, wrapped as the server sends it. */
export function standardLiveConfig(version = 3): LiveConfig & { config: GradingConfig } {
  const file = join(import.meta.dirname, '../../../testdata/grading/configs/standard.json')
  const config = readGradingConfig(JSON.parse(readFileSync(file, 'utf8')))
  if (config === null || !isOriginal(config))
    throw new Error('standard.json is not a document of the original shape')
  return { version, savedAt: '2026-11-22T10:00:00Z', config } // as the public stream sends it: no author
}
