import * as v from 'valibot'
import { json, send } from '@/lib/api-client'
import { readLiveConfig } from '@/lib/config'

// The presets a scale can start from (api/openapi.yaml: GET /api/v1/presets), in the order an admin
// chooses, each with its source and its document as a scale then stores it.

const documentSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    // read as a version's document: the calculator route's chunk exports readLiveConfig already, while
    // exporting its document reader too would cost that chunk bytes of its budget
    const read = readLiveConfig({ version: 0, savedAt: '', config: dataset.value })?.config
    if (read !== undefined) return read
    addIssue({ message: 'not a configuration document' })
    return NEVER
  }),
)

const presetSchema = v.object({
  id: v.string(),
  name: v.string(),
  system: v.string(),
  source: v.string(),
  region: v.string(),
  schoolType: v.string(),
  config: documentSchema,
})
const presetsResponse = v.object({ presets: v.array(presetSchema) })

/** A preset; its id and system are read as text, so that one the page does not know yet still shows. */
export type Preset = v.InferOutput<typeof presetSchema>

export async function getPresets(): Promise<Preset[]> {
  return (await json(await send('GET', '/presets'), presetsResponse)).presets
}
