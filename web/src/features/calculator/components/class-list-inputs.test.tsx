import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ClassListState } from '../use-class-list'
import { ClassListInputs } from './class-list-inputs'

// The list's hint gives its examples in the key's notation: a Swiss page writes every number with the point.

const list = {
  text: '',
  setText: () => undefined,
  summary: null,
  title: '',
  setTitle: () => undefined,
  date: '',
  setDate: () => undefined,
  total: '40',
  setTotal: () => undefined,
} as unknown as ClassListState

describe('the hint of the Notenspiegel’s list', () => {
  it('writes a language line’s points and errors with the point on a Swiss scale, with the comma elsewhere', () => {
    const { unmount } = render(<ClassListInputs list={list} system="schweiz" />)
    const hint = () => screen.getByText(/Sprachen:/u).textContent
    expect(hint()).toContain('(auch halbe: 10.5)')
    expect(hint()).toContain('„Anna; 31.5; 10.5; 350“')
    unmount()
    render(<ClassListInputs list={list} system="noten-plus-minus" />)
    expect(hint()).toContain('„Anna; 31,5; 10,5; 350“')
  })
})
