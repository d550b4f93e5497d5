import { ApiError, send } from './api-client'
import { readSchool, type School } from './school'

// GET /api/v1/school, apart from lib/school.ts: api-client.ts brings valibot, which the calculator's
// route does not load; the hook that uses this imports it when it first asks.

/** The school's Land with its rule, as the server has it now. */
export async function fetchSchool(): Promise<School> {
  const res = await send('GET', '/school')
  let body: unknown = null
  try {
    body = await res.json()
  } catch {
    // answered below as an unexpected answer
  }
  const school = readSchool(body)
  if (school === null) throw new ApiError(res.status, 'bad_response', 'Unerwartete Antwort des Servers.')
  return school
}
