import * as v from 'valibot'
import type { components, operations } from './api-types.gen'
import { liveConfigSchema, type LiveConfig } from './config'

// The only module that knows the server's URLs and fetch (STYLE.md). Every call of the API
// contract (api/openapi.yaml, served at /api/docs) is one typed function here; a failure is an
// ApiError. The types come from the contract (api-types.gen.ts, `npm run api:types`); the valibot
// schemas check each answer at run time and are typed against the contract, so that a change of
// the contract that the client does not follow fails the type check (api-types.test.ts).

const API = '/api/v1'

type Schemas = components['schemas']
type JsonAnswer<Op extends keyof operations, Status extends number> = operations[Op]['responses'] extends Record<
  Status,
  { content: { 'application/json': infer T } }
>
  ? T
  : never

export type User = Schemas['User']
export type Role = Schemas['Role']
export type HistoryEntry = Schemas['HistoryEntry']
export type CreatedUser = JsonAnswer<'createUser', 201>
export type HistoryPage = JsonAnswer<'getConfigHistory', 200>

export const userSchema = v.object({
  id: v.number(),
  email: v.string(),
  role: v.picklist(['admin', 'user']),
  createdAt: v.string(),
  lastSignInAt: v.nullable(v.string()),
  pending: v.boolean(),
}) satisfies v.GenericSchema<unknown, User>

const userResponse = v.object({ user: userSchema }) satisfies v.GenericSchema<unknown, Schemas['UserResponse']>
const sessionResponse = v.object({ user: v.nullable(userSchema) }) satisfies v.GenericSchema<unknown, Schemas['SessionResponse']>
const inviteResponse = v.object({ email: v.string() }) satisfies v.GenericSchema<unknown, JsonAnswer<'getInvite', 200>>
export const historyEntrySchema = v.object({
  version: v.number(),
  savedAt: v.string(),
  savedBy: v.string(),
  name: v.string(),
}) satisfies v.GenericSchema<unknown, HistoryEntry>
export const historyResponse = v.object({
  versions: v.array(historyEntrySchema),
  nextBefore: v.exactOptional(v.number()),
}) satisfies v.GenericSchema<unknown, HistoryPage>
const usersResponse = v.object({ users: v.array(userSchema) }) satisfies v.GenericSchema<unknown, JsonAnswer<'listUsers', 200>>
// linkWarning: the server has no public address (--base-url), so the link works only on the server itself.
export const createUserResponse = v.object({
  user: userSchema,
  inviteLink: v.string(),
  inviteExpiresAt: v.string(),
  linkWarning: v.exactOptional(v.string()),
}) satisfies v.GenericSchema<unknown, CreatedUser>

/** A request body as the contract describes it for the operation. */
type Body<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer T } } } ? T : never

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

/** True for 401 and 403: the session ended or the account lost its role; read the session again. */
export function isAuthError(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403)
}

/** The German message to show for any error a call may throw. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : FALLBACK_MESSAGE
}

interface RequestOptions {
  body?: unknown
  headers?: Record<string, string>
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
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
  if (!res.ok) throw await toApiError(res)
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
  if (!parsed.success) return new ApiError(res.status, 'unknown', fallback, retryAfter === undefined ? {} : { retryAfter })
  const { code, message, fields, current } = parsed.output.error
  const currentConfig = current === undefined ? undefined : v.safeParse(liveConfigSchema, current)
  return new ApiError(res.status, code, message ?? fallback, {
    ...(fields === undefined ? {} : { fields }),
    ...(currentConfig?.success === true ? { current: currentConfig.output } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  })
}

async function json<T>(res: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
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

const segment = (s: string | number) => encodeURIComponent(String(s))

// --- Sessions and passwords ---------------------------------------------------------------

/** The signed-in account, or null. */
export async function getSession(): Promise<User | null> {
  return (await json(await send('GET', '/auth/session'), sessionResponse)).user
}

export async function login(email: string, password: string): Promise<User> {
  return (await json(await send('POST', '/auth/login', { body: { email, password } satisfies Body<'login'> }), userResponse)).user
}

export async function logout(): Promise<void> {
  await send('POST', '/auth/logout')
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await send('POST', '/auth/password', { body: { currentPassword, newPassword } satisfies Body<'changePassword'> })
}

/** Resolves when the first-admin setup token is valid; ApiError 404 `setup_invalid` otherwise. */
export async function checkSetupToken(token: string): Promise<void> {
  await send('GET', `/auth/setup/${segment(token)}`)
}

/** Creates the first admin and signs it in. */
export async function setupFirstAdmin(token: string, email: string, password: string): Promise<User> {
  const res = await send('POST', `/auth/setup/${segment(token)}`, { body: { email, password } satisfies Body<'setupFirstAdmin'> })
  return (await json(res, userResponse)).user
}

/** The email an invitation is for; ApiError 404 `invite_invalid` when it is not (any longer) valid. */
export async function getInvite(token: string): Promise<{ email: string }> {
  return json(await send('GET', `/auth/invite/${segment(token)}`), inviteResponse)
}

/** Sets the password of an invited account and signs it in. */
export async function acceptInvite(token: string, password: string): Promise<User> {
  return (await json(await send('POST', `/auth/invite/${segment(token)}`, { body: { password } satisfies Body<'acceptInvite'> }), userResponse)).user
}

// --- Configuration --------------------------------------------------------------------------

export async function getConfig(): Promise<LiveConfig> {
  return json(await send('GET', '/config'), liveConfigSchema)
}

/**
 * Saves a configuration over `version`, the one the editor loaded (If-Match). A newer stored
 * version gives ApiError 412 `config_conflict` with `current`; invalid fields a 422 with `fields`.
 */
export async function saveConfig(config: Schemas['ConfigDocument'], version: number): Promise<LiveConfig> {
  const res = await send('PUT', '/config', { body: config satisfies Body<'putConfig'>, headers: { 'If-Match': `"${String(version)}"` } })
  return json(res, liveConfigSchema)
}

/** A page of versions, newest first: the newest 50, or those older than `before`; nextBefore while older ones exist. */
export async function getHistory(before?: number): Promise<HistoryPage> {
  const query = before === undefined ? '' : `?before=${String(before)}`
  return json(await send('GET', `/config/history${query}`), historyResponse)
}

export async function getHistoryVersion(version: number): Promise<LiveConfig> {
  return json(await send('GET', `/config/history/${segment(version)}`), liveConfigSchema)
}

/** Stores the document of an earlier version as a new version, which is returned. */
export async function restoreVersion(version: number): Promise<LiveConfig> {
  return json(await send('POST', `/config/history/${segment(version)}/restore`), liveConfigSchema)
}

// --- Accounts -------------------------------------------------------------------------------

export async function listUsers(): Promise<User[]> {
  return (await json(await send('GET', '/users'), usersResponse)).users
}

/** Adds an account; the answer holds its one-time set-password link (shown once). */
export async function createUser(email: string, role: Role): Promise<CreatedUser> {
  return json(await send('POST', '/users', { body: { email, role } satisfies Body<'createUser'> }), createUserResponse)
}

export async function updateUserRole(id: number, role: Role): Promise<User> {
  return (await json(await send('PATCH', `/users/${segment(id)}`, { body: { role } satisfies Body<'updateUserRole'> }), userResponse)).user
}

export async function deleteUser(id: number): Promise<void> {
  await send('DELETE', `/users/${segment(id)}`)
}
