import * as v from 'valibot'
import { json, send, type JsonAnswer } from './api-client'

// How one signs in here (GET /auth/methods): the password form, the school's identity provider
// (OpenID Connect), or both. The sign-in card and Konten (which names the provider) both read it.

export type SignInMethods = JsonAnswer<'getAuthMethods', 200>

const signInMethodsSchema = v.object({
  password: v.boolean(),
  oidc: v.nullable(v.object({ name: v.string(), reachable: v.boolean() })),
}) satisfies v.GenericSchema<unknown, SignInMethods>

export async function getSignInMethods(): Promise<SignInMethods> {
  return json(await send('GET', '/auth/methods'), signInMethodsSchema)
}

/** Where the browser goes to sign in at the provider: a navigation, not a fetch (the server redirects). */
export const OIDC_START_URL = '/api/v1/auth/oidc/start'
