import type * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import type { JsonAnswer, Schemas } from '@/lib/api-client'
import { historyEntrySchema, historyResponse, type HistoryPage } from './config'
import { invitationResponse, type Invitation } from './users'

// The admin calls follow the contract (api/openapi.yaml) as lib/api-types.test.ts describes: the
// type assertions fail in `npm run typecheck`.

describe('the admin calls and the contract', () => {
  it('checks REST answers with schemas of exactly the contract types', () => {
    expectTypeOf<v.InferOutput<typeof historyEntrySchema>>().toEqualTypeOf<Schemas['HistoryEntry']>()
    expectTypeOf<v.InferOutput<typeof invitationResponse>>().toEqualTypeOf<Invitation>()
    expectTypeOf<JsonAnswer<'createUser', 201>>().toEqualTypeOf<Invitation>()
    expectTypeOf<JsonAnswer<'reissueInvitation', 200>>().toEqualTypeOf<Invitation>()
    expectTypeOf<v.InferOutput<typeof historyResponse>>().toEqualTypeOf<HistoryPage>()
  })
})
