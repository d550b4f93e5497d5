import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { apiError, FakeApi } from '@/test/fake-api'
import { standardLiveConfig, documentOf } from '@/test/live-config'
import { saveConfig } from './config'

let api: FakeApi

beforeEach(() => {
  api = new FakeApi().install()
})

describe('the admin configuration calls', () => {
  it('saves with If-Match of the loaded version and reports a conflict with the current version', async () => {
    const current = { ...standardLiveConfig(8), savedBy: 'kollege@schule.de' }
    api.on(
      'PUT /config',
      apiError(412, 'config_conflict', 'Jemand anderes hat inzwischen gespeichert.', { current }),
    )
    const document = documentOf({
      name: 'Standard',
      grades: {
        '1': { min: 85, max: 100 },
        '2': { min: 70, max: 85 },
        '3': { min: 55, max: 70 },
        '4': { min: 40, max: 55 },
        '5': { min: 20, max: 40 },
        '6': { min: 0, max: 20 },
      },
      schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
    })
    const err = await saveConfig(document, 7).catch((e: unknown) => e)
    expect(api.calls[0]?.headers.get('If-Match')).toBe('"7"')
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 412, code: 'config_conflict', current })
  })
})
