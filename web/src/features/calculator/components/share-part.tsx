import { lazy, useId, useRef, useState } from 'react'
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
            <QrCode text={qr} large={large} />
          </LazyPart>
          <Button
            variant="secondary"
            aria-pressed={large}
            onClick={() => {
              setLarge(!large)
            }}
          >
            {large ? 'Kleiner zeigen' : 'Groß zeigen'}
          </Button>
        </div>
      )}
    </div>
  )
}
