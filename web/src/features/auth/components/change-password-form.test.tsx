import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi, json, noContent, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { renderFeature } from '@/test/render'
import { ChangePasswordForm } from './change-password-form'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

async function fill(current: string, next: string, repeat: string) {
  const user = userEvent.setup()
  renderFeature(<ChangePasswordForm />)
  if (current !== '') await user.type(screen.getByLabelText('Aktuelles Passwort'), current)
  if (next !== '') await user.type(screen.getByLabelText('Neues Passwort'), next)
  if (repeat !== '') await user.type(screen.getByLabelText('Neues Passwort wiederholen'), repeat)
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
}

describe('ChangePasswordForm', () => {
  it('refuses a repeat that differs, at the field, without sending', async () => {
    await fill('altes-passwort', 'ein neues langes passwort', 'ein neues langes passwor')
    expect(screen.getByLabelText('Neues Passwort wiederholen')).toHaveAccessibleDescription(
      'Die Passwörter stimmen nicht überein.',
    )
    expect(screen.getByLabelText('Neues Passwort wiederholen')).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo('POST /auth/password')).toHaveLength(0)
  })

  it('counts code points: 9 emoji are too short, 257 too long', async () => {
    const user = userEvent.setup()
    renderFeature(<ChangePasswordForm />)
    const next = screen.getByLabelText('Neues Passwort')
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'altes-passwort')
    await user.click(next)
    await user.paste('😀'.repeat(9))
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(next).toHaveAccessibleDescription(/Mindestens 10 Zeichen\.$/)
    await user.clear(next)
    await user.paste('😀'.repeat(257))
    expect(next).toHaveAccessibleDescription(/Höchstens 256 Zeichen\.$/)
    await user.clear(next)
    await user.paste('😀'.repeat(256))
    expect(next).not.toHaveAttribute('aria-invalid')
    expect(api.callsTo('POST /auth/password')).toHaveLength(0)
  })

  it("shows the server's field messages at the same fields", async () => {
    api.on(
      'POST /auth/password',
      apiError(422, 'validation_failed', 'Ungültig.', {
        fields: {
          currentPassword: 'Das aktuelle Passwort ist falsch.',
          newPassword: 'Dieses Passwort ist zu verbreitet. Bitte ein anderes wählen.',
        },
      }),
    )
    await fill('falsches-passwort', 'passwort123', 'passwort123')
    expect(await screen.findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument()
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveAccessibleDescription(
      'Das aktuelle Passwort ist falsch.',
    )
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      /Dieses Passwort ist zu verbreitet\. Bitte ein anderes wählen\.$/,
    )
  })

  it('changes the password, says so and empties the form', async () => {
    api.on('POST /auth/password', noContent())
    await fill('altes-passwort', 'ein neues langes passwort', 'ein neues langes passwort')
    expect(await screen.findByText('Passwort geändert.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/password')[0]?.body).toEqual({
      currentPassword: 'altes-passwort',
      newPassword: 'ein neues langes passwort',
    })
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveValue('')
  })
})
