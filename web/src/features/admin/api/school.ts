import * as v from 'valibot'
import { json, send, type Body, type JsonAnswer } from '@/lib/api-client'
import type { School, SchoolLand } from '@/lib/school'

// The admin's calls for the school's Land (docs/spec.md §11): the choices with their rules, the
// setting, and setting it.

const step = v.object({
  over: v.array(v.number()),
  atLeast: v.boolean(),
  share: v.string(),
  kind: v.picklist(['schulleitung', 'wiederholung', 'nicht-gewertet']),
  consequence: v.string(),
})
const rule = v.object({
  source: v.string(),
  title: v.string(),
  url: v.string(),
  failing: v.array(v.string()),
  failingTerm: v.string(),
  steps: v.array(step),
  remark: v.exactOptional(v.string()),
})
const country = v.picklist(['DE', 'CH', 'AT'])

const landsResponse = v.object({
  lands: v.array(
    v.object({
      code: v.string(),
      name: v.string(),
      country,
      approval: v.nullable(rule),
      note: v.exactOptional(v.string()),
    }),
  ),
}) satisfies v.GenericSchema<unknown, JsonAnswer<'listSchoolLands', 200>>

const schoolResponse = v.object({
  land: v.nullable(v.string()),
  name: v.exactOptional(v.string()),
  country: v.exactOptional(country),
  approval: v.exactOptional(rule),
  note: v.exactOptional(v.string()),
}) satisfies v.GenericSchema<unknown, JsonAnswer<'getSchool', 200>>

export async function listLands(): Promise<SchoolLand[]> {
  return (await json(await send('GET', '/school/lands'), landsResponse)).lands
}

export async function getSchool(): Promise<School> {
  return json(await send('GET', '/school'), schoolResponse)
}

/** Sets the Land by its code; "" sets none. */
export async function setSchoolLand(land: string): Promise<School> {
  const body: Body<'setSchool'> = { land: land === '' ? null : land }
  return json(await send('PUT', '/school', { body }), schoolResponse)
}
