import type { ComponentProps } from 'react'
import { navigate } from '@/lib/location'

interface LinkProps extends ComponentProps<'a'> {
  href: string
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean
}

/**
 * A link to another page of the app, followed without loading the page again (lib/location.ts). A click
 * with a modifier key or another button than the first is the browser's (a new tab, a new window).
 */
export function Link({ href, replace = false, onClick, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return
        onClick?.(event)
        if (event.defaultPrevented) return
        event.preventDefault()
        navigate(href, { replace })
      }}
    />
  )
}
