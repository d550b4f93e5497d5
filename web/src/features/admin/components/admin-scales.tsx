import { useEffect, useId, useMemo, useState } from 'react'
import { Spinner } from '@/components/spinner'
import { inputClass, labelClass } from '@/components/styles'
import { Tabs, type Tab } from '@/components/tabs'
import { useScaleChoice } from '@/lib/scale-choice'
import { useLiveConfig } from '@/lib/use-live-config'
import { useResource } from '@/lib/use-resource'
import { defaultScaleApi, listScales, scaleApi, type ScaleSummary } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useScaleLive } from '../use-scale-live'
import { ConfigEditor } from './config-editor'
import { ConfigHistory } from './config-history'
import { ScaleCreator } from './scale-creator'
import { ScalesList } from './scales-list'

/**
 * The admin's tabs: "Konfiguration" and "Verlauf" of the scale being edited (the default
 * until another is chosen), "Notenschlüssel" with the list and the new-scale form, then `more`.
 * The scale being edited is followed on the page's own stream when that stream is this scale, else on
 * a stream of its own; it is saved through the scale's routes.
 */
export function AdminTabs({ more }: { more: Tab[] }) {
  const [list, reload] = useResource(listScales, undefined)
  const [tab, setTab] = useState('config')
  const [chosen, setChosen] = useState<string>()
  const [creating, setCreating] = useState(false)
  const scales = list.state === 'ready' ? list.data : []
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

  const edit = (slug: string) => {
    setChosen(slug)
    setTab('config')
  }
  const key = editing?.slug ?? 'default'
  const switcher = scales.length > 1 && editing !== undefined && (
    <ScaleSwitch scales={scales} value={editing.slug} onChange={setChosen} />
  )
  const waiting = <Spinner label="Notenschlüssel werden geladen" />

  return (
    <Tabs
      label="Verwaltung"
      selected={tab}
      onSelect={setTab}
      tabs={[
        {
          id: 'config',
          label: 'Konfiguration',
          content:
            source === undefined ? (
              waiting
            ) : (
              <div className="space-y-4">
                {switcher}
                <ConfigEditor key={key} source={source} />
              </div>
            ),
        },
        {
          id: 'history',
          label: 'Verlauf',
          content:
            source === undefined ? (
              waiting
            ) : (
              <div className="space-y-4">
                {switcher}
                <ConfigHistory key={key} source={source} />
              </div>
            ),
        },
        {
          id: 'scales',
          label: 'Notenschlüssel',
          content: creating ? (
            <ScaleCreator
              scales={scales}
              onCreated={(slug) => {
                setCreating(false)
                reload()
                edit(slug)
              }}
              onCancel={() => {
                setCreating(false)
              }}
            />
          ) : (
            <ScalesList
              scales={list}
              reload={reload}
              editing={editing?.slug}
              onEdit={edit}
              onCreate={() => {
                setCreating(true)
              }}
            />
          ),
        },
        ...more,
      ]}
    />
  )
}

function ScaleSwitch({
  scales,
  value,
  onChange,
}: {
  scales: readonly ScaleSummary[]
  value: string
  onChange: (slug: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <label htmlFor={id} className={labelClass}>
        Notenschlüssel
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          onChange(e.target.value)
        }}
        className={inputClass(false, 'w-full sm:w-auto sm:min-w-64')}
      >
        {scales.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.name}
            {s.default ? ' (Standard)' : s.archived ? ' (archiviert)' : ''}
          </option>
        ))}
      </select>
    </div>
  )
}
