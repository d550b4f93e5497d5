import { useEffect } from 'react'
import type { Auth } from '@/lib/auth'
import { useAuthSource } from '@/lib/auth-source'

/** Keeps the sign-in state and hands every new value to the app's providers (app/provider.tsx). */
export default function AuthSource({ onChange }: { onChange: (auth: Auth) => void }) {
  const auth = useAuthSource()
  useEffect(() => {
    onChange(auth)
  }, [auth, onChange])
  return null
}
