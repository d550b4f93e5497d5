import type { ReactNode } from 'react'
import { Card } from '@/components/card'

/** The narrow, centred card of the sign-in, setup and invitation forms. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card title={title} description={description}>
        {children}
      </Card>
    </div>
  )
}
