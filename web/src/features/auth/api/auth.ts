import * as v from 'valibot'
import { json, segment, send, type Body, type JsonAnswer } from '@/lib/api-client'
import { userResponse, type User } from '@/lib/session'

// The auth feature's calls: the first-admin setup link, invitations and the password. Signing in
// through them goes through the shared sign-in state (useAuth().signIn), which tells other tabs.

const inviteResponse = v.object({ email: v.string() }) satisfies v.GenericSchema<
  unknown,
  JsonAnswer<'getInvite', 200>
>

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await send('POST', '/auth/password', {
    body: { currentPassword, newPassword } satisfies Body<'changePassword'>,
  })
}

/** Resolves when the first-admin setup token is valid; ApiError 404 `setup_invalid` otherwise. */
export async function checkSetupToken(token: string): Promise<void> {
  await send('GET', `/auth/setup/${segment(token)}`)
}

/** Creates the first admin and signs it in. */
export async function setupFirstAdmin(token: string, email: string, password: string): Promise<User> {
  const res = await send('POST', `/auth/setup/${segment(token)}`, {
    body: { email, password } satisfies Body<'setupFirstAdmin'>,
  })
  return (await json(res, userResponse)).user
}

/** The email an invitation is for; ApiError 404 `invite_invalid` when it is not (any longer) valid. */
export async function getInvite(token: string): Promise<{ email: string }> {
  return json(await send('GET', `/auth/invite/${segment(token)}`), inviteResponse)
}

/** Sets the password of an invited account and signs it in. */
export async function acceptInvite(token: string, password: string): Promise<User> {
  return (
    await json(
      await send('POST', `/auth/invite/${segment(token)}`, {
        body: { password } satisfies Body<'acceptInvite'>,
      }),
      userResponse,
    )
  ).user
}
