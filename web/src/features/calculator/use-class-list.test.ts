import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { readClassList } from './class-list-storage'
import { useClassList, type PageTest } from './use-class-list'

const doc = standardLiveConfig().config
const page = (total: string, version = 3): PageTest => ({ doc, graded: { name: 'Standard', version }, total })

function render(initial: PageTest) {
  return renderHook(({ p }) => useClassList(p, readClassList()), { initialProps: { p: initial } })
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('a class list’s own test', () => {
  it('follows the calculator while empty, keeps its total and key from its first line', () => {
    const { result, rerender } = render(page('40'))
    rerender({ p: page('60') })
    expect(result.current.total).toBe('60')
    act(() => {
      result.current.setText('Anna; 31,5')
    })
    rerender({ p: page('40', 4) })
    expect(result.current.total).toBe('60')
    expect(result.current.graded.version).toBe(3)
    expect(result.current.differs).toBe(true)
    expect(result.current.otherKey).toBe(true)
    act(() => {
      result.current.takePageKey()
    })
    expect(result.current.graded.version).toBe(4)
  })

  it('takes its total in the list when pasted before any total was typed', () => {
    const { result, rerender } = render(page(''))
    act(() => {
      result.current.setText('Anna; 31,5')
    })
    expect(result.current.owned).toBe(true)
    expect(result.current.summary).toBeNull()
    rerender({ p: page('40') })
    expect(result.current.summary).toBeNull() // the calculator's 40 is another test's
    act(() => {
      result.current.setTotal('40')
    })
    expect(result.current.summary?.graded).toBe(1)
    expect(result.current.differs).toBe(false)
  })

  it('still follows the calculator after a reload when only its title was typed', () => {
    const first = render(page('40'))
    act(() => {
      first.result.current.setTitle('7b')
    })
    first.unmount()
    const { result, rerender } = render(page('40'))
    rerender({ p: page('30') })
    expect(result.current.owned).toBe(false)
    expect(result.current.total).toBe('30')
  })

  it('compares the sum of the tasks’ maxima with the calculator’s total', () => {
    const { result, rerender } = render(page('40'))
    act(() => {
      result.current.setText('Name; A1 (10); A2 (30)\nAnna; 8; 20')
    })
    expect(result.current.differs).toBe(false)
    rerender({ p: page('30') })
    expect(result.current.differs).toBe(true)
  })
})

describe('a language teacher’s conversion of errors', () => {
  // the page's scale with its conversion (docs/spec.md §8): a published rule, or none
  const withSetting = (preset: string): PageTest => ({
    ...page('40'),
    doc: preset === '' ? doc : { ...doc, fehlerquotient: { preset } },
  })
  const renderWith = (initial: string) =>
    renderHook(({ preset }) => useClassList(withSetting(preset), readClassList()), {
      initialProps: { preset: initial },
    })

  it('follows the scale’s setting while empty, keeps its own from the first line, and keeps it in the browser', () => {
    const { result, rerender } = renderWith('')
    expect(result.current.rule).toBe('')
    rerender({ preset: 'hessen-oberstufe' })
    expect(result.current.rule).toBe('hessen-oberstufe')
    act(() => {
      result.current.setText('Name; Inhalt; Fehler; Wörter\nAnna; 30; 10,5; 350')
    })
    rerender({ preset: '' })
    expect(result.current.rule).toBe('hessen-oberstufe')
    expect(result.current.summary?.language?.rule?.id).toBe('hessen-oberstufe')
    act(() => {
      result.current.setRule('')
    })
    expect(result.current.summary?.language?.rule).toBeNull()
    expect(readClassList()?.list.rule).toBe('')
    const again = renderWith('hessen-oberstufe')
    expect(again.result.current.rule).toBe('')
  })
})
