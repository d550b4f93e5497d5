import { useEffect, useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api-client'

export type TokenCheck<T> =
  | { state: 'checking' }
  | { state: 'valid'; data: T }
  | { state: 'invalid'; message: string }
  | { state: 'failed'; message: string }

/**
 * Asks the server once whether a link's token is valid. A 404 means invalid, expired or used
 * (the server's message says so); anything else is a failure worth a retry.
 */
export function useTokenCheck<T>(
  token: string,
  check: (token: string) => Promise<T>,
): [TokenCheck<T>, (s: TokenCheck<T>) => void] {
  const [state, setState] = useState<TokenCheck<T>>({ state: 'checking' })
  useEffect(() => {
    let current = true
    check(token).then(
      (data) => {
        if (current) setState({ state: 'valid', data })
      },
      (err: unknown) => {
        if (!current) return
        if (err instanceof ApiError && err.status === 404)
          setState({ state: 'invalid', message: err.message })
        else setState({ state: 'failed', message: errorMessage(err) })
      },
    )
    return () => {
      current = false
    }
  }, [token, check])
  return [state, setState]
}
