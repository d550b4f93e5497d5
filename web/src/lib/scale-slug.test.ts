import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addressSlug } from './scale-slug'

// The vectors web.AddressSlug passes too (web/address_slug_test.go): the page follows the scale whose
// configuration the server put into it.
const cases = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/web/address-slugs.json'), 'utf8'),
) as { typed: string; slug: string }[]

describe('addressSlug (testdata/web/address-slugs.json, shared with web.AddressSlug)', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20)
  })
  it.each(cases.map((c) => [c.typed, c.slug]))('%j names %j', (typed, slug) => {
    expect(addressSlug(typed)).toBe(slug)
  })
})
