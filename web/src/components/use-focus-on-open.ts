import { useEffect, useRef } from 'react'

/**
 * The heading of a teacher's tool that took the place of the button which opened it (components/tool-opener.tsx):
 * the focus moves to it, or it would fall to the page's body, where a screen reader starts over at the top.
 * `byPerson` is read once, at the first render: a tool that opens by itself as the page starts (inputs kept in
 * this browser) leaves the focus where it is. The heading needs tabIndex -1.
 */
export function useFocusOnOpen<T extends HTMLElement>(byPerson: boolean) {
  const heading = useRef<T>(null)
  const first = useRef(byPerson)
  useEffect(() => {
    if (first.current) heading.current?.focus()
  }, [])
  return heading
}
