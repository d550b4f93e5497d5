import * as v from 'valibot'
import { json, send, type Body, type Schemas } from './api-client'

// auth.ts reaches the API client only through this module, which it loads after the first render.
export { onAuthError } from './api-client'

// The session calls, which the sign-in state (auth.ts) shares with every route; the other ways
// of signing in (setup link, invitation) are the auth feature's (features/auth/api/).

export type User = Schemas['User']
export type Role = Schemas['Role']

export const userSchema = v.object({
  id: v.number(),
  email: v.string(),
  role: v.picklist(['admin', 'user']),
  createdAt: v.string(),
  lastSignInAt: v.nullable(v.string()),
  pending: v.boolean(),
  signInMethods: v.array(v.picklist(['password', 'oidc'])),
}) satisfies v.GenericSchema<unknown, User>

export const userResponse = v.object({ user: userSchema }) satisfies v.GenericSchema<
  unknown,
  Schemas['UserResponse']
>
const sessionResponse = v.object({ user: v.nullable(userSchema) }) satisfies v.GenericSchema<
  unknown,
  Schemas['SessionResponse']
>

/** The signed-in account, or null. */
export async function getSession(): Promise<User | null> {
  return (await json(await send('GET', '/auth/session'), sessionResponse)).user
}

export async function login(email: string, password: string): Promise<User> {
  return (
    await json(
      await send('POST', '/auth/login', { body: { email, password } satisfies Body<'login'> }),
      userResponse,
    )
  ).user
}

export async function logout(): Promise<void> {
  await send('POST', '/auth/logout')
}
