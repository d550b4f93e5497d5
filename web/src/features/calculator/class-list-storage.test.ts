import { beforeEach, describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import {
  CLASS_LIST_KEY,
  clearClassList,
  keepUntil,
  leaveOtherPlace,
  readClassList,
  storeClassList,
  type StoredClassList,
} from './class-list-storage'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-28T10:00:00Z')
const doc = standardLiveConfig().config
const list: StoredClassList = {
  text: 'Anna; 31,5',
  title: '7b',
  date: '2026-11-23',
  total: '40',
  test: { doc, graded: { name: 'Standard', version: 3, adjusted: '4- über 45 % statt 40 %' } },
  comments: { Anna: 'Gut gemacht' },
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('where the Notenspiegel is kept', () => {
  it('keeps it for the session by default, nothing on the device', () => {
    storeClassList(list, null)
    expect(localStorage.getItem(CLASS_LIST_KEY)).toBeNull()
    expect(readClassList(NOW)).toEqual({ list, until: null, legacy: false })
  })

  it('keeps it on the device until the chosen day, then the next visit removes it', () => {
    const until = keepUntil(7, NOW)
    expect(until).toBe('2026-12-05T10:00:00.000Z')
    storeClassList(list, until)
    expect(sessionStorage.getItem(CLASS_LIST_KEY)).toBeNull()
    expect(readClassList(NOW + 6 * DAY)).toEqual({ list, until, legacy: false })
    expect(readClassList(NOW + 7 * DAY)).toBeNull()
    expect(localStorage.getItem(CLASS_LIST_KEY)).toBeNull()
  })

  it('keeps it at most 30 days, and moves it back to the session when no longer remembered', () => {
    expect(keepUntil(365, NOW)).toBe(new Date(NOW + 30 * DAY).toISOString())
    storeClassList(list, keepUntil(30, NOW))
    leaveOtherPlace(null)
    storeClassList(list, null)
    expect(localStorage.getItem(CLASS_LIST_KEY)).toBeNull()
    expect(readClassList(NOW)?.until).toBeNull()
  })

  it('writes only its own place: another tab’s list kept on the device stays', () => {
    storeClassList({ ...list, title: 'other tab' }, keepUntil(7, NOW))
    storeClassList(list, null)
    expect(localStorage.getItem(CLASS_LIST_KEY)).toContain('other tab')
  })

  it('keeps a list of an earlier release (no day, no key) for 30 days from now', () => {
    localStorage.setItem(
      CLASS_LIST_KEY,
      JSON.stringify({ text: 'Anna; 31,5', title: '', date: '', total: '40' }),
    )
    expect(readClassList(NOW)).toEqual({
      list: { text: 'Anna; 31,5', title: '', date: '', total: '40', test: null, comments: {} },
      until: new Date(NOW + 30 * DAY).toISOString(),
      legacy: true,
    })
    // a list of this release that follows the page (no key yet) is no such list
    localStorage.clear()
    storeClassList({ ...list, test: null }, null)
    expect(readClassList(NOW)?.legacy).toBe(false)
  })

  it('writes the key in the shape the server writes documents, and reads it back', () => {
    storeClassList(list, null)
    const raw = JSON.parse(sessionStorage.getItem(CLASS_LIST_KEY) ?? '{}') as Record<string, unknown>
    expect(raw.test).toMatchObject({ name: 'Standard', version: 3, doc: { name: doc.name } })
    expect(readClassList(NOW)?.list.test).toEqual(list.test)
  })

  it('ignores what is not one of its lists, and a key that is no document', () => {
    sessionStorage.setItem(CLASS_LIST_KEY, '[1,2]')
    expect(readClassList(NOW)).toBeNull()
    sessionStorage.setItem(
      CLASS_LIST_KEY,
      JSON.stringify({ ...list, test: { doc: { name: 1 }, name: 'x', version: 1 } }),
    )
    expect(readClassList(NOW)?.list.test).toBeNull()
  })

  it('removes an empty list, and clears both places in one call', () => {
    storeClassList({ ...list, text: ' ', title: '' }, null)
    expect(sessionStorage.getItem(CLASS_LIST_KEY)).toBeNull()
    storeClassList(list, keepUntil(1, NOW))
    sessionStorage.setItem(CLASS_LIST_KEY, '{}')
    clearClassList()
    expect([localStorage.getItem(CLASS_LIST_KEY), sessionStorage.getItem(CLASS_LIST_KEY)]).toEqual([
      null,
      null,
    ])
  })
})
