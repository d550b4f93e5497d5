import { useCallback, useEffect, useRef, useState } from 'react'
import { listScales, type ScaleSummary } from '@/lib/scales'
import { forgetScaleChoice, rememberScaleChoice, writeScaleAddress } from './scale-address'

/**
 * The list of scales for the choice: read at once, again when the shown scale is archived or comes
 * back (the list has changed), and whenever the window gets the focus or load() is called (a scale
 * created while the page is open shows up when a person comes back; the list is not pushed). An
 * answer older than the newest request is dropped; a failed read (offline, an old server without
 * scales) keeps what is shown. null until the first answer.
 */
export function useScaleList(archived: boolean): { scales: ScaleSummary[] | null; load: () => void } {
  const [scales, setScales] = useState<ScaleSummary[] | null>(null)
  const requests = useRef(0)
  const load = useCallback(() => {
    const request = ++requests.current
    listScales().then(
      (list) => {
        if (request === requests.current) setScales(list)
      },
      () => undefined,
    )
  }, [])
  useEffect(load, [load, archived])
  useEffect(() => {
    window.addEventListener('focus', load)
    return () => {
      window.removeEventListener('focus', load)
    }
  }, [load])
  return { scales, load }
}

/**
 * Keeps the choice in the address, and in this browser once the server has shown that the scale
 * exists (`confirmed`); forgets a scale whose stream answered that it does not (`missing`).
 */
export function useScaleAddress(slug: string | null, confirmed: boolean, missing: boolean): void {
  useEffect(() => {
    writeScaleAddress(slug)
  }, [slug])
  useEffect(() => {
    if (slug !== null && confirmed) rememberScaleChoice(slug)
  }, [slug, confirmed])
  useEffect(() => {
    if (missing && slug !== null) forgetScaleChoice(slug)
  }, [slug, missing])
}
