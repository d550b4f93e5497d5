import { lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { LazyPart } from '@/components/lazy-part'
import { inputClass } from '@/components/styles'

// „Link kopieren“ and „QR-Code“ share the page's address, which holds the key for this test (docs/spec.md
// §10); both read the address when used, since the adjustment rewrites it in place. Part of the adjustment's
// lazily loaded chunk; the QR encoder is a chunk of its own, loaded when the code is opened.

const QrCode = lazy(() => import('./qr-code'))

/** Copies the address; where the clipboard is refused, selects it in a read-only field to copy by hand. */
export function SharePart() {
  const id = useId()
  const [message, setMessage] = useState('')
  const [manual, setManual] = useState<string | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [large, setLarge] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const enlarge = useRef<HTMLButtonElement>(null)

  const copy = async () => {
    const href = window.location.href
    try {
      await navigator.clipboard.writeText(href)
      setManual(null)
      setMessage('Link kopiert')
    } catch {
      setManual(href)
      setMessage('Der Link ist markiert: mit Strg+C (⌘C) kopieren.')
      // the field appears with this render; select it right after
      setTimeout(() => {
        field.current?.focus()
        field.current?.select()
      })
    }
  }

  const closeLarge = () => {
    setLarge(false)
    // the overlay goes: the focus goes back to the button that opened it
    setTimeout(() => enlarge.current?.focus())
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Link kopieren
        </Button>
        <Button
          variant="secondary"
          aria-expanded={qr !== null}
          aria-controls={`${id}-qr`}
          onClick={() => {
            setQr(qr === null ? window.location.href : null)
            setLarge(false)
          }}
        >
          QR-Code
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        {message}
      </p>
      {manual !== null && (
        <div>
          <label htmlFor={`${id}-link`} className="sr-only">
            Adresse dieser Seite
          </label>
          <input
            ref={field}
            id={`${id}-link`}
            readOnly
            value={manual}
            className={inputClass(false, 'w-full')}
            onFocus={(e) => {
              e.currentTarget.select()
            }}
          />
        </div>
      )}
      {qr !== null && (
        <div id={`${id}-qr`} className="space-y-2">
          <LazyPart fallback={<p className="text-sm">QR-Code wird erstellt …</p>}>
            <QrCode text={qr} large={false} />
          </LazyPart>
          <Button
            ref={enlarge}
            variant="secondary"
            onClick={() => {
              setLarge(true)
            }}
          >
            Groß zeigen
          </Button>
          {large && (
            <LargeQr onClose={closeLarge}>
              <LazyPart fallback={<p className="text-sm">QR-Code wird erstellt …</p>}>
                <QrCode text={qr} large />
              </LazyPart>
            </LargeQr>
          )}
        </div>
      )}
    </div>
  )
}

/** The code over the whole page, for a projector or a phone across the room; Escape or „Schließen“ close it. */
function LargeQr({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    close.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
    }
  }, [onClose])
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="QR-Code groß"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white p-4 dark:bg-slate-900"
    >
      {children}
      <Button ref={close} variant="secondary" onClick={onClose}>
        Schließen
      </Button>
    </div>
  )
}
