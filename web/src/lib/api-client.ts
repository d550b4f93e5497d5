import * as v from 'valibot'
import type { components, operations } from './api-types.gen'
import type { LiveConfig } from './config'
import { liveConfigSchema } from './config-schema'

// The small fetch helper under every call of the API contract (api/openapi.yaml, served at
// /api/docs), and the only user of fetch for it (STYLE.md): send and json turn every failure into
// an ApiError with a German message. The calls themselves live with whoever uses them: the session
// in lib/session.ts, the rest in features/<feature>/api/. Their types come from the contract
// (api-types.gen.ts, `npm run api:types`); their valibot schemas check each answer at run time and
// are typed against the contract, so that a change of the contract that the client does not follow
// fails the type check (api-types.test.ts and the tests beside each api/ folder).

const API = '/api/v1'

export type Schemas = components['schemas']
/** The JSON answer of an operation of the contract with that status. */
export type JsonAnswer<Op extends keyof operations, Status extends number> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': infer T } }> ? T : never

/** A request body as the contract describes it for the operation. */
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer T } }
}
  ? T
  : never

const errorBody = v.object({
  error: v.object({
    code: v.string(),
    message: v.optional(v.string()),
    fields: v.optional(v.record(v.string(), v.string())),
    current: v.optional(v.unknown()),
  }),
})

/** Messages for answers that carry none of their own (a proxy's error page, a lost connection). */
const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Keine Verbindung zum Server. Bitte später erneut versuchen.',
  401: 'Bitte melden Sie sich an.',
  403: 'Dieses Konto darf das nicht.',
  404: 'Nicht gefunden.',
  413: 'Die Anfrage ist zu groß.',
  429: 'Zu viele Anfragen. Bitte später erneut versuchen.',
}
const FALLBACK_MESSAGE = 'Der Server hat die Anfrage nicht ausgeführt. Bitte später erneut versuchen.'
const BAD_RESPONSE = 'Unerwartete Antwort des Servers.'

/**
 * A refused or failed API call: the HTTP status (0 when the server was not reached), the stable
 * error code of the contract, its German message, the field messages of a 422 (path → message)
 * and, for a 412 on PUT /config, the version that is stored now.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  readonly current: LiveConfig | undefined
  /** Seconds from a 429's Retry-After header, when given. */
  readonly retryAfter: number | undefined

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; current?: LiveConfig; retryAfter?: number } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = extra.fields ?? {}
    this.current = extra.current
    this.retryAfter = extra.retryAfter
  }
}

// Whoever holds the sign-in state (lib/auth.ts, once, in the app's providers) listens here, so that
// no caller has to: every call that the server refuses because the session ended (401
// `unauthenticated`) or the account lost its role (403 `forbidden`) makes it read the session
// again, and the page shows the sign-in form or the read-only notice. A wrong password at sign-in
// (401 `invalid_credentials`) and the other 403s say nothing about the session.
const authErrorListeners = new Set<() => void>()

/** Calls listener after each call refused for lack of a session or role, until signal aborts. */
export function onAuthError(listener: () => void, signal: AbortSignal): void {
  if (signal.aborted) return
  authErrorListeners.add(listener)
  signal.addEventListener('abort', () => authErrorListeners.delete(listener))
}

const isAuthError = (err: ApiError) => err.code === 'unauthenticated' || err.code === 'forbidden'

/** The German message to show for any error a call may throw. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : FALLBACK_MESSAGE
}

interface RequestOptions {
  body?: unknown
  headers?: Record<string, string>
}

/** Calls the API at path (below /api/v1) and resolves with the answer when it is a success; ApiError otherwise. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const init: RequestInit = { method, headers, credentials: 'same-origin' }
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(options.body)
  }
  let res: Response
  try {
    res = await fetch(API + path, init)
  } catch {
    throw new ApiError(0, 'network', FALLBACK_MESSAGES[0] ?? FALLBACK_MESSAGE)
  }
  if (!res.ok) {
    const err = await toApiError(res)
    if (isAuthError(err)) for (const listener of authErrorListeners) listener()
    throw err
  }
  return res
}

async function toApiError(res: Response): Promise<ApiError> {
  const fallback = FALLBACK_MESSAGES[res.status] ?? FALLBACK_MESSAGE
  const retry = Number(res.headers.get('Retry-After'))
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined
  let json: unknown
  try {
    json = await res.json()
  } catch {
    return new ApiError(res.status, 'unknown', fallback, retryAfter === undefined ? {} : { retryAfter })
  }
  const parsed = v.safeParse(errorBody, json)
  if (!parsed.success)
    return new ApiError(res.status, 'unknown', fallback, retryAfter === undefined ? {} : { retryAfter })
  const { code, message, fields, current } = parsed.output.error
  const currentConfig = current === undefined ? undefined : v.safeParse(liveConfigSchema, current)
  return new ApiError(res.status, code, message ?? fallback, {
    ...(fields === undefined ? {} : { fields }),
    ...(currentConfig?.success === true ? { current: currentConfig.output } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  })
}

/** The answer's JSON when it matches schema; ApiError `bad_response` otherwise. */
export async function json<T>(res: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ApiError(res.status, 'bad_response', BAD_RESPONSE)
  }
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw new ApiError(res.status, 'bad_response', BAD_RESPONSE)
  return parsed.output
}

/** One path segment from a value (a token, an id). */
export const segment = (s: string | number) => encodeURIComponent(String(s))

/**
 * One old version of a scale (slug; null: the default scale), public and immutable: the key a shared link
 * with an adjustment was made on (docs/spec.md §10).
 */
export async function fetchVersion(slug: string | null, version: number): Promise<LiveConfig> {
  const path =
    slug === null
      ? `/config/versions/${segment(version)}`
      : `/scales/${segment(slug)}/versions/${segment(version)}`
  return json(await send('GET', path), liveConfigSchema)
}
