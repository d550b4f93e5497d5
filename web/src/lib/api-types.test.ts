import type * as v from 'valibot'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { components } from './api-types.gen'
import { parseLiveConfig, type ContractConfigVersion, type LiveConfig, type WrittenDocument } from './config'
import { userSchema } from './session'
import { writeDocument } from './write-document'

// The client follows the contract (api/openapi.yaml): the generated types (api-types.gen.ts, kept
// fresh by `npm run api:check`) are what the run-time checks produce. The type assertions fail in
// `npm run typecheck`, the last test at run time. The features' schemas are checked beside their
// calls (features/admin/api/contract.test.ts).

type Schemas = components['schemas']
/** A version with its document as the server writes it, which the reader reads into its rule. */
type Written = Omit<LiveConfig, 'config'> & { config: WrittenDocument }
/** A version read, with its document written back: what the server sent. */
const writtenBack = (text: string) => {
  const read = parseLiveConfig(text)
  return read && { ...read, config: writeDocument(read.config) }
}

describe('the client and the contract', () => {
  it('checks REST answers with schemas of exactly the contract types', () => {
    expectTypeOf<v.InferOutput<typeof userSchema>>().toEqualTypeOf<Schemas['User']>()
  })

  it('reads every configuration the contract allows in a config event (the check is only looser)', () => {
    expectTypeOf<ContractConfigVersion>().toExtend<Written>()
    const version: ContractConfigVersion = {
      version: 7,
      savedAt: '2026-11-22T10:00:00Z',
      config: {
        name: 'Oberstufe',
        grades: {
          '1': { min: 85, max: 100 },
          '2': { min: 70, max: 85 },
          '3': { min: 55, max: 70 },
          '4': { min: 40, max: 55 },
          '5': { min: 20, max: 40 },
          '6': { min: 0, max: 20 },
        },
        schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
      },
    }
    expect(writtenBack(JSON.stringify(version))).toEqual(version)
  })

  it('reads the versions of admin answers, which name who saved them, with the same check', () => {
    expectTypeOf<Schemas['SavedConfigVersion']>().toExtend<Written>()
    const version: Schemas['SavedConfigVersion'] = {
      version: 8,
      savedAt: '2026-11-22T11:00:00Z',
      savedBy: 'chefin@schule.de',
      config: {
        name: 'Oberstufe',
        grades: {
          '1': { min: 85, max: 100 },
          '2': { min: 70, max: 85 },
          '3': { min: 55, max: 70 },
          '4': { min: 40, max: 55 },
          '5': { min: 20, max: 40 },
          '6': { min: 0, max: 20 },
        },
        schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
      },
    }
    expect(writtenBack(JSON.stringify(version))).toEqual(version)
  })
})
