import * as v from 'valibot'
import { json, segment, send, type Body, type JsonAnswer } from '@/lib/api-client'
import { userResponse, userSchema, type Role, type User } from '@/lib/session'

// The admin's account calls.

export type CreatedUser = JsonAnswer<'createUser', 201>

const usersResponse = v.object({ users: v.array(userSchema) }) satisfies v.GenericSchema<
  unknown,
  JsonAnswer<'listUsers', 200>
>
// linkWarning: the server has no public address (--base-url), so the link works only on the server itself.
export const createUserResponse = v.object({
  user: userSchema,
  inviteLink: v.string(),
  inviteExpiresAt: v.string(),
  linkWarning: v.exactOptional(v.string()),
}) satisfies v.GenericSchema<unknown, CreatedUser>

export async function listUsers(): Promise<User[]> {
  return (await json(await send('GET', '/users'), usersResponse)).users
}

/** Adds an account; the answer holds its one-time set-password link (shown once). */
export async function createUser(email: string, role: Role): Promise<CreatedUser> {
  return json(
    await send('POST', '/users', { body: { email, role } satisfies Body<'createUser'> }),
    createUserResponse,
  )
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
