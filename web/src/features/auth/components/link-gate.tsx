import type { ReactNode } from 'react'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { AuthCard } from './auth-card'
import { InvalidLink } from './invalid-link'
import { useTokenCheck } from './use-token-check'

interface LinkGateProps<T> {
  token: string
  check: (token: string) => Promise<T>
  title: string
  checkingLabel: string
  /** What to do when the link is invalid, expired or used. */
  hint: ReactNode
  /** The form, once the server has confirmed the link; onInvalid reports a link used meanwhile. */
  children: (data: T, onInvalid: (message: string) => void) => ReactNode
}

/** The states every one-time link page goes through before its form: checking, invalid, failed. */
export function LinkGate<T>({ token, check, title, checkingLabel, hint, children }: LinkGateProps<T>) {
  const [state, setState] = useTokenCheck(token, check)
  if (state.state === 'checking') return <Spinner label={checkingLabel} />
  if (state.state === 'invalid') return <InvalidLink title={title} message={state.message} hint={hint} />
  if (state.state === 'failed') {
    return (
      <AuthCard title={title}>
        <Notice tone="error" role="alert">
          <p>{state.message}</p>
        </Notice>
      </AuthCard>
    )
  }
  return children(state.data, (message) => {
    setState({ state: 'invalid', message })
  })
}
