import { describe, expect, it } from 'vitest'
import { writeDocument } from '@/lib/write-document'
import { standardLiveConfig } from '@/test/live-config'
import { validateConfigDocument } from './config-validation'
import { STANDARD, STANDARD_LABEL } from './standard'

describe('STANDARD', () => {
  it('is the docs/spec.md §4 default of the shared vectors, and valid', () => {
    expect(STANDARD).toEqual(standardLiveConfig().config)
    expect(validateConfigDocument(writeDocument(STANDARD))).toEqual({})
  })

  it('names its lower bounds', () => {
    expect(STANDARD_LABEL).toBe('Standard (85/70/55/40/20)')
  })
})
