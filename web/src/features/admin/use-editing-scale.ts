import { useEffect, useMemo, useState } from 'react'
import { useScaleChoice } from '@/lib/scale-choice-context'
import { listScales } from '@/lib/scales'
import { useLiveConfig } from '@/lib/use-live-config'
import { useResource } from '@/lib/use-resource'
import { defaultScaleApi, scaleApi } from './api/scales'
import type { EditorSource } from './editor-source'
import { useScaleLive } from './use-scale-live'

/**
 * The scales and the one the editor and the history show: the chosen one, else the default. It is
 * followed on the page's own stream when that stream is this scale, else on a stream of its own, and
 * saved through the scale's routes. `source` is undefined until it is known which scale that is.
 */
export function useEditingScale() {
  const [list, reload] = useResource(listScales, undefined)
  const [chosen, choose] = useState<string>()
  const scales = useMemo(() => (list.state === 'ready' ? list.data : []), [list])
  const editing = scales.find((s) => s.slug === chosen) ?? scales.find((s) => s.default)

  const page = useLiveConfig()
  const { slug: pageSlug } = useScaleChoice()
  const onPageStream =
    editing === undefined
      ? pageSlug === null && list.state !== 'loading'
      : pageSlug === null
        ? editing.default
        : editing.slug === pageSlug
  const own = useScaleLive(onPageStream ? undefined : editing?.slug)
  const live = onPageStream ? page : own
  const editingSlug = editing?.slug
  const api = useMemo(
    () => (editingSlug === undefined ? defaultScaleApi : scaleApi(editingSlug)),
    [editingSlug],
  )
  const source: EditorSource | undefined = useMemo(
    () =>
      onPageStream || editing !== undefined
        ? { live, api, title: scales.length > 1 && editing !== undefined ? editing.name : undefined }
        : undefined,
    [onPageStream, editing, live, api, scales.length],
  )

  // A save, a restore or another admin's change of this scale: the list's version and time follow.
  const version = live.data?.version
  useEffect(() => {
    if (version !== undefined) reload()
  }, [version, reload])

  return { list, reload, scales, editing, choose, source }
}
