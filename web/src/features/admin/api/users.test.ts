import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi } from '@/test/fake-api'
import { createUser } from './users'

let api: FakeApi

beforeEach(() => {
  api = new FakeApi().install()
})

describe('the admin account calls', () => {
  it('carries the field messages of a 422', async () => {
    api.on(
      'POST /users',
      apiError(422, 'validation_failed', 'Ungültig.', {
        fields: { email: 'Bitte eine gültige E-Mail-Adresse angeben.' },
      }),
    )
    await expect(createUser('x', 'user')).rejects.toMatchObject({
      status: 422,
      fields: { email: 'Bitte eine gültige E-Mail-Adresse angeben.' },
    })
  })
})
