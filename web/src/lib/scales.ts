import * as v from 'valibot'
import { json, send, type Schemas } from './api-client'
import type { operations } from './api-types.gen'

// The list of grading scales (GET /api/v1/scales): the calculator's choice and the admin's list both
// read it; archived scales are listed for admins only.

export type ScaleSummary = Schemas['ScaleSummary']

export const scaleSummarySchema = v.object({
  slug: v.string(),
  name: v.string(),
  version: v.number(),
  savedAt: v.string(),
  default: v.boolean(),
  archived: v.boolean(),
}) satisfies v.GenericSchema<unknown, ScaleSummary>
const scalesResponse = v.object({ scales: v.array(scaleSummarySchema) }) satisfies v.GenericSchema<
  unknown,
  operations['listScales']['responses'][200]['content']['application/json']
>

/** Every scale the caller may see, sorted by slug. */
export async function listScales(): Promise<ScaleSummary[]> {
  return (await json(await send('GET', '/scales'), scalesResponse)).scales
}
