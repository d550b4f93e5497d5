import { describe, expect, it } from 'vitest'
import { pageOf } from './router'

describe('pageOf', () => {
  it.each([
    ['/', 'home'],
    ['', 'home'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/Admin', 'admin'],
    ['/ADMIN/', 'admin'],
    ['/admin/konten', 'not-found'],
    ['/administration', 'not-found'],
    ['//', 'not-found'],
    ['/index.html', 'not-found'],
    ['/nirgendwo', 'not-found'],
  ])('%s is the page %s', (path, page) => {
    expect(pageOf(path)).toBe(page)
  })
})
