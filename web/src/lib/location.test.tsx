import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Link } from '@/components/link'
import { startAt } from '@/test/address'
import { navigate, usePath, useSearch } from './location'

function Where() {
  return (
    <>
      <output aria-label="Pfad">{usePath()}</output>
      <output aria-label="Suche">{useSearch()}</output>
      <Link href="/admin?setup=T0K">Verwaltung</Link>
      <Link href="/" replace>
        Rechner
      </Link>
    </>
  )
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent

describe('location', () => {
  it('shows the address, and every navigation: a new entry, or with replace this one', () => {
    const address = startAt('/?gesamt=40')
    render(<Where />)
    expect(shown('Pfad')).toBe('/')
    expect(shown('Suche')).toBe('?gesamt=40')
    act(() => {
      navigate('/admin?invite=abc')
    })
    expect(shown('Pfad')).toBe('/admin')
    expect(shown('Suche')).toBe('?invite=abc')
    expect(address.added()).toBe(1)
    act(() => {
      navigate('/admin', { replace: true })
    })
    expect(address.location()).toEqual({ pathname: '/admin', search: '' })
    expect(shown('Suche')).toBe('')
    expect(address.added()).toBe(1)
  })

  it('follows the browser back to an earlier address', async () => {
    startAt('/')
    render(<Where />)
    act(() => {
      navigate('/admin')
    })
    expect(shown('Pfad')).toBe('/admin')
    window.history.back()
    expect(await screen.findByText('/', { selector: 'output' })).toBeInTheDocument()
  })

  it('decodes the path as people read it, and keeps one that does not decode', () => {
    startAt('/%C3%BCber')
    const { unmount } = render(<Where />)
    expect(shown('Pfad')).toBe('/über')
    unmount()
    startAt('/%E0%A4%A')
    render(<Where />)
    expect(shown('Pfad')).toBe('/%E0%A4%A')
  })

  it('follows a link in the page; a click with a modifier key or another button is the browser’s', async () => {
    const address = startAt('/')
    const user = userEvent.setup()
    render(<Where />)
    const link = screen.getByRole('link', { name: 'Verwaltung' })
    expect(link).toHaveAttribute('href', '/admin?setup=T0K')
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey'] as const) {
      expect(fireEvent.click(link, { [modifier]: true })).toBe(true) // not prevented: the browser opens it
      expect(shown('Pfad')).toBe('/')
    }
    expect(fireEvent.click(link, { button: 1 })).toBe(true)
    expect(shown('Pfad')).toBe('/')

    await user.click(link)
    expect(address.location()).toEqual({ pathname: '/admin', search: '?setup=T0K' })
    expect(shown('Pfad')).toBe('/admin')
    expect(address.added()).toBe(1)
    await user.click(screen.getByRole('link', { name: 'Rechner' }))
    expect(address.location()).toEqual({ pathname: '/', search: '' })
    expect(address.added()).toBe(1)
  })
})
