// react-hot-toast (with its CSS-in-JS, about 4 KiB gzip) is loaded right after the first render
// instead of with the calculator route's JS, which has a budget (docs/benchmarks.md): no toast
// is needed to show the page or to compute a grade. Its Toaster is rendered by app/toasts.tsx,
// which the app loads then; a toast asked for before that has finished is shown once it has, in order.

type ToastModule = typeof import('react-hot-toast')
type ToastOptions = Parameters<ToastModule['toast']['success']>[1]

let module: Promise<ToastModule> | undefined
// A failed load (no connection at that moment) is forgotten, so that the next toast tries again.
const load = () =>
  (module ??= import('react-hot-toast').catch((err: unknown) => {
    module = undefined
    throw err
  }))

/** Runs fn with the loaded module; a toast that cannot be loaded (no connection) is left out. */
function withToast(fn: (m: ToastModule) => unknown): void {
  load().then(fn, () => undefined)
}

/** The one way to show a toast: react-hot-toast's `toast` calls the app uses, loaded on demand. */
export const toast = {
  success: (message: string, options?: ToastOptions) => {
    withToast((m) => m.toast.success(message, options))
  },
  error: (message: string, options?: ToastOptions) => {
    withToast((m) => m.toast.error(message, options))
  },
  dismiss: (id?: string) => {
    withToast((m) => {
      m.toast.dismiss(id)
    })
  },
}
