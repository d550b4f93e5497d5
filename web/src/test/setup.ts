import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, vi } from 'vitest'
// The live connection loads the code of its probe and its polls with import() at open()
// (lib/live-connection.ts); a first import takes real time, which fake timers do not wait for. Loaded
// here, it is there at once, as in a browser that fetched it when the connection opened.
import '@/lib/live-poll'

// findBy… and waitFor wait up to 5 s, not 1 s: a lazily loaded route or part is a real dynamic import,
// which on a loaded two-core CI machine can take longer than a second. A test still fails when the
// element never comes; it only waits longer before saying so.
configure({ asyncUtilTimeout: 5_000 })

// jsdom has <dialog> without its methods: enough of them for ConfirmDialog.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open')
    },
    set(this: HTMLDialogElement, value: boolean) {
      if (value) this.setAttribute('open', '')
      else this.removeAttribute('open')
    },
  })
}

// jsdom lacks matchMedia; react-hot-toast asks it for prefers-reduced-motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
    }) as unknown as MediaQueryList
}

afterEach(() => {
  cleanup()
  toast.remove() // react-hot-toast keeps its toasts in a module-level store
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  localStorage.clear() // the live configuration keeps what it received (lib/stored-config)
  window.history.replaceState(null, '', '/') // the calculator keeps its inputs in the address
})
