import * as v from 'valibot'
import { json, segment, send, type Body, type JsonAnswer, type Schemas } from '@/lib/api-client'
import { userResponse, userSchema, type Role, type User } from '@/lib/session'

// The admin's account calls.

/** A one-time set-password link with its account, for an account added or issued again (shown once). */
export type Invitation = Schemas['Invitation']

const usersResponse = v.object({ users: v.array(userSchema) }) satisfies v.GenericSchema<
  unknown,
  JsonAnswer<'listUsers', 200>
>
// linkWarning: the server has no public address (--base-url), so the link works only on the server itself.
export const invitationResponse = v.object({
  user: userSchema,
  inviteLink: v.string(),
  inviteExpiresAt: v.string(),
  linkWarning: v.exactOptional(v.string()),
}) satisfies v.GenericSchema<unknown, Invitation>

export async function listUsers(): Promise<User[]> {
  return (await json(await send('GET', '/users'), usersResponse)).users
}

/** Adds an account; the answer holds its one-time set-password link (shown once). */
export async function createUser(email: string, role: Role): Promise<Invitation> {
  return json(
    await send('POST', '/users', { body: { email, role } satisfies Body<'createUser'> }),
    invitationResponse,
  )
}

/**
 * A new link for an account still waiting for its password; the server drops the earlier ones in
 * the same step. 409 once the account has a password or signs in at the identity provider.
 */
export async function reissueInvitation(id: number): Promise<Invitation> {
  return json(await send('POST', `/users/${segment(id)}/invitation`), invitationResponse)
}

export async function updateUserRole(id: number, role: Role): Promise<User> {
  return (
    await json(
      await send('PATCH', `/users/${segment(id)}`, { body: { role } satisfies Body<'updateUserRole'> }),
      userResponse,
    )
  ).user
}

export async function deleteUser(id: number): Promise<void> {
  await send('DELETE', `/users/${segment(id)}`)
}
