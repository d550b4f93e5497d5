import { createContext, useContext } from 'react'
import type { User } from './session'

// The sign-in state of this browser (docs/spec.md §5) as every part of the page reads it. Kept by
// lib/auth-source.ts, which loads right after the first render, not with the calculator route, whose JS
// has a budget (docs/benchmarks.md): the calculator needs no sign-in state to show a grade.

export const AUTH_CHANNEL = 'notenrechner-auth'

export interface AuthMessage {
  type: 'changed'
}

export interface Auth {
  /** True until the first answer of GET /auth/session. */
  loading: boolean
  user: User | null
  /** Signs in; throws ApiError (401 invalid_credentials, 429 too_many_attempts, 422 fields). */
  login: (email: string, password: string) => Promise<User>
  logout: () => Promise<void>
  /** Reads the session again (after a 401, or when another tab changed it). */
  refresh: () => Promise<void>
  /**
   * Signs in another way (the setup link, an invitation: features/auth/api): runs call, applies
   * the account it signed in and tells the other tabs, as login does.
   */
  signIn: (call: () => Promise<User>) => Promise<User>
}

const notYet = () => Promise.reject(new Error('auth: the sign-in state has not loaded yet'))

/** The state until lib/auth-source.ts has loaded: loading, nobody signed in, every change refused. */
const LOADING: Auth = {
  loading: true,
  user: null,
  login: notYet,
  logout: notYet,
  refresh: notYet,
  signIn: notYet,
}

/** The app's sign-in state: undefined outside the app's providers, null until the source has loaded. */
export const AuthContext = createContext<Auth | null | undefined>(undefined)

/** The sign-in state provided by the app's providers. */
export function useAuth(): Auth {
  const value = useContext(AuthContext)
  if (value === undefined) throw new Error('useAuth must be used inside AuthContext')
  return value ?? LOADING
}
