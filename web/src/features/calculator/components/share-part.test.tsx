import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { qrPath } from './qr-code'
import { SharePart } from './share-part'

const address = '/?schluessel=mathematik&stand=7&bestehen=45&gesamt=40'

describe('sharing the address', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', address)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('copies the address as it is when the button is pressed and says so', async () => {
    const user = userEvent.setup()
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    render(<SharePart />)
    window.history.replaceState(null, '', address + '&erreicht=30')
    await user.click(screen.getByRole('button', { name: 'Link kopieren' }))
    expect(write).toHaveBeenCalledWith(`${window.location.origin}${address}&erreicht=30`)
    expect(screen.getByRole('status')).toHaveTextContent('Link kopiert')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('selects the address in a read-only field when the clipboard is refused', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    render(<SharePart />)
    await user.click(screen.getByRole('button', { name: 'Link kopieren' }))
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Adresse dieser Seite' })
    expect(field).toHaveAttribute('readonly')
    expect(field.value).toBe(window.location.origin + address)
    expect(screen.getByRole('status')).toHaveTextContent('Strg+C')
    // the field is focused once it is rendered; a loaded machine may take longer than vi.waitFor's 1 s
    await vi.waitFor(
      () => {
        expect(field).toHaveFocus()
      },
      { timeout: 5000 },
    )
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length])
  })

  it('opens the QR code of the address, named for it, and shows it large until Escape', async () => {
    const user = userEvent.setup()
    render(<SharePart />)
    const opener = screen.getByRole('button', { name: 'QR-Code' })
    expect(opener).toHaveAttribute('aria-expanded', 'false')
    await user.click(opener)
    expect(opener).toHaveAttribute('aria-expanded', 'true')
    const img = await screen.findByRole('img', { name: 'QR-Code dieser Adresse' })
    // 256 px: at least 240, for a phone's camera
    expect(img).toHaveClass('h-64', 'w-64')
    expect(img.querySelector('path')?.getAttribute('d')).toBe(qrPath(window.location.origin + address).d)
    const enlarge = screen.getByRole('button', { name: 'Groß zeigen' })
    await user.click(enlarge)
    const overlay = screen.getByRole('dialog', { name: 'QR-Code groß' })
    expect(await within(overlay).findByRole('img', { name: 'QR-Code dieser Adresse' })).not.toHaveClass(
      'h-64',
    )
    expect(within(overlay).getByRole('button', { name: 'Schließen' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => {
      expect(enlarge).toHaveFocus()
    })
    await user.click(enlarge)
    await user.click(screen.getByRole('button', { name: 'Schließen' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(opener)
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('draws a code of the standard finder patterns with a quiet zone of four modules', () => {
    const { size, d } = qrPath('http://localhost/?schluessel=mathematik')
    // version 3 (29 modules) at level M for this length, plus 4 on each side
    expect(size).toBe(29 + 8)
    // the quiet zone is empty: no module starts in row or column 0–3
    expect(d).not.toMatch(/M[0-3] /)
    // the top-left finder pattern starts at (4, 4)
    expect(d.startsWith('M4 4h1v1h-1z')).toBe(true)
  })
})
