import { useEffect, useState } from 'react'

/**
 * The failure code of a sign-in at the provider (/admin?sso_error=<code>), read once; it is removed
 * from the address once shown, so that a reload or a bookmark does not show it again.
 */
export function useSsoError(): string | null {
  const [ssoError] = useState(() => new URLSearchParams(window.location.search).get('sso_error'))
  useEffect(() => {
    if (ssoError !== null) dropSsoError()
  }, [ssoError])
  return ssoError
}

function dropSsoError(): void {
  const params = new URLSearchParams(window.location.search)
  params.delete('sso_error')
  const rest = params.toString()
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + (rest === '' ? '' : `?${rest}`),
  )
}
