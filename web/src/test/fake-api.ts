import { vi } from 'vitest'
import type { User } from '@/lib/session'
import { servedJson } from './served'

// A stand-in for the server behind fetch: tests register answers per "METHOD /path" (the path
// after /api/v1, with its query) and read back every request the code under test made.

export interface ApiCall {
  method: string
  path: string
  headers: Headers
  body: unknown
}

type Answer = Response | ((call: ApiCall) => Response | Promise<Response>)

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(servedJson(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

export function noContent(): Response {
  return new Response(null, { status: 204 })
}

export function apiError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return json(status, { error: { code, message, ...extra } })
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'admin@schule.de',
    role: 'admin',
    createdAt: '2026-11-01T08:00:00Z',
    lastSignInAt: '2026-11-22T09:30:00Z',
    pending: false,
    signInMethods: ['password'],
    ...overrides,
  }
}

export class FakeApi {
  readonly calls: ApiCall[] = []
  private readonly answers = new Map<string, { once: Answer[]; always?: Answer }>()

  /** Answers every request to route ("GET /auth/session") with this, unless a once() is queued. */
  on(route: string, answer: Answer): this {
    this.entry(route).always = answer
    return this
  }

  /** Answers the next request to route with this (queued before on()'s answer). */
  once(route: string, answer: Answer): this {
    this.entry(route).once.push(answer)
    return this
  }

  /** The calls to one route ("PUT /config"). */
  callsTo(route: string): ApiCall[] {
    return this.calls.filter((c) => `${c.method} ${c.path}` === route)
  }

  /** Replaces fetch for the current test (restored by vi.restoreAllMocks). */
  install(): this {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => this.handle(input, init))
    return this
  }

  private entry(route: string) {
    let e = this.answers.get(route)
    if (e === undefined) {
      e = { once: [] }
      this.answers.set(route, e)
    }
    return e
  }

  private async handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = url.replace(/^(https?:\/\/[^/]+)?\/api\/v1/, '')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const call: ApiCall = { method, path, headers: new Headers(init?.headers), body }
    this.calls.push(call)
    const e = this.answers.get(`${method} ${path}`)
    const answer = e?.once.shift() ?? e?.always
    if (answer === undefined) {
      throw new Error(`FakeApi: no answer for ${method} ${path}`)
    }
    const res = typeof answer === 'function' ? await answer(call) : answer.clone()
    return res
  }
}
