import { useEffect, useRef } from 'react'

/**
 * A part of the page that took the place of the control a person just used (a teacher's tool its button,
 * components/tool-opener.tsx; the signed-in view the sign-in form): its first element takes the focus, or the
 * focus would fall to the page's body, where a screen reader starts over at the top. `byPerson` is read once,
 * at the first render: a part that opens by itself as the page starts (inputs kept in this browser, a session)
 * leaves the focus where it is. The element needs tabIndex -1.
 */
export function useFocusOnOpen<T extends HTMLElement>(byPerson: boolean) {
  const element = useRef<T>(null)
  const first = useRef(byPerson)
  useEffect(() => {
    if (first.current) element.current?.focus()
  }, [])
  return element
}
