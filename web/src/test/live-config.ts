import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readGradingConfig, type DocumentOf, type LiveConfig, type ScaleDocument } from '@/lib/config'

/** The docs/spec.md §4 default from the shared vectors, wrapped as the server sends it. */
export function standardLiveConfig(version = 3): LiveConfig & { config: DocumentOf<'widths'> } {
  const file = join(import.meta.dirname, '../../../testdata/grading/configs/standard.json')
  const config = widthsOf(JSON.parse(readFileSync(file, 'utf8')))
  return { version, savedAt: '2026-11-22T10:00:00Z', config } // as the public stream sends it: no author
}

/** A document as the server sends it, read as the app reads every one; the test fails when it is none. */
export function documentOf(x: unknown): ScaleDocument {
  const doc = readGradingConfig(x)
  if (doc === null) throw new Error(`not a document: ${JSON.stringify(x)}`)
  return doc
}

/** A document of the original's shape, read into its rule of widths; the test fails otherwise. */
export function widthsOf(x: unknown): DocumentOf<'widths'> {
  const doc = documentOf(x)
  if (doc.rule.kind !== 'widths') throw new Error('not a document of widths')
  return doc as DocumentOf<'widths'>
}
