import { Component, Suspense, type ReactNode } from 'react'
import { useHydrated } from '@/lib/hydrated'

interface LazyPartProps {
  children: ReactNode
  /** Shown while the part's code loads. */
  fallback?: ReactNode
  /** Shown when it cannot be loaded; default: a short notice with a reload button. */
  failed?: ReactNode
  /**
   * The part shows what only this browser knows (its storage): it is left out of the page the server
   * renders, and of the first render that takes that page over, and appears right after.
   */
  browserOnly?: boolean
}

/**
 * A part of the page whose code loads on demand (React.lazy). When the load fails (the server cannot
 * be reached, or a new release has replaced the old files) React would unmount the whole page; this
 * keeps the rest of it usable and shows `failed` in the part's place instead.
 */
export class LazyPart extends Component<LazyPartProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.failed ?? <LoadFailed />
    const part = <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>
    return this.props.browserOnly ? <AfterHydration>{part}</AfterHydration> : part
  }
}

function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}

function LoadFailed() {
  return (
    <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
      Dieser Teil der Seite konnte nicht geladen werden.{' '}
      <button
        type="button"
        className="font-semibold text-green-800 underline underline-offset-2 dark:text-green-300"
        onClick={() => {
          window.location.reload()
        }}
      >
        Seite neu laden
      </button>
    </p>
  )
}
