import { useEffect } from 'react'
import { Toaster } from 'react-hot-toast'
import type { LiveConnection } from '@/lib/live-types'
import { showLiveConfigToasts } from './live-config-toasts'

// react-hot-toast styles its toasts inline (white, dark grey text); in dark mode they follow the
// cards instead ("!" wins over the inline style).
const TOAST_OPTIONS = {
  className: 'dark:bg-slate-800! dark:text-slate-100! dark:border dark:border-slate-700',
}

/**
 * The page's toasts (react-hot-toast defaults, docs/spec.md §2; the app's calls go through lib/toast.ts) and
 * what the live connection tells through them. Loaded right after the first render (app/provider.tsx).
 */
export default function Toasts({ connection }: { connection: LiveConnection }) {
  useEffect(() => showLiveConfigToasts(connection), [connection])
  return <Toaster toastOptions={TOAST_OPTIONS} />
}
