import { useEffect, useState, type RefObject } from 'react'

// The two inputs live in the address (`/?gesamt=40&erreicht=31,5`), so that a link or a bookmark
// reproduces the result. Written with history.replaceState: typing adds no history entries, and
// the router's own state in history.state is kept. Nothing here is sent anywhere.

export interface Inputs {
  total: string
  achieved: string
}

const PARAMS = { total: 'gesamt', achieved: 'erreicht' } as const

/** The inputs a query string holds; missing ones are "". */
export function readInputs(search: string): Inputs {
  const params = new URLSearchParams(search)
  return { total: params.get(PARAMS.total) ?? '', achieved: params.get(PARAMS.achieved) ?? '' }
}

/**
 * The query string for the inputs, other parameters kept: "?gesamt=40&erreicht=31,5". Commas stay
 * readable (they need no escaping in a query); empty inputs leave their parameter out.
 */
export function writeInputs(search: string, inputs: Inputs): string {
  const params = new URLSearchParams(search)
  // always gesamt before erreicht, whichever was typed first
  for (const key of ['total', 'achieved'] as const) params.delete(PARAMS[key])
  for (const key of ['total', 'achieved'] as const)
    if (inputs[key] !== '') params.append(PARAMS[key], inputs[key])
  const query = params.toString().replace(/%2C/gi, ',')
  return query === '' ? '' : `?${query}`
}

/** The inputs' state, starting from the address and kept in sync with it. */
export function useUrlInputs(): [Inputs, (change: Partial<Inputs>) => void] {
  const [inputs, setInputs] = useState(() => readInputs(window.location.search))
  useEffect(() => {
    const { pathname, search, hash } = window.location
    const next = writeInputs(search, inputs)
    if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash)
  }, [inputs])
  return [
    inputs,
    (change) => {
      setInputs((current) => ({ ...current, ...change }))
    },
  ]
}

/**
 * What was typed into the server's page before the app took it over (web/render.go) is in the fields,
 * not yet in the state: taken over once, so that nothing typed is lost and the result follows it.
 */
export function useTypedBeforeTakeover(
  total: RefObject<HTMLInputElement | null>,
  achieved: RefObject<HTMLInputElement | null>,
  inputs: Inputs,
  set: (change: Partial<Inputs>) => void,
): void {
  useEffect(() => {
    const typed = { total: total.current?.value ?? '', achieved: achieved.current?.value ?? '' }
    if (typed.total !== inputs.total || typed.achieved !== inputs.achieved) set(typed)
    // once, on taking the page over
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
