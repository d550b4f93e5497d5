import { useMemo, useState, type ReactNode } from 'react'
import { Spinner } from '@/components/spinner'
import { Tabs, type Tab } from '@/components/tabs'
import { navigate, useSearch } from '@/lib/location'
import { readAdjustedStart } from '../adjusted-start'
import type { EditorSource } from '../editor-source'
import { useAdjustedStart } from '../use-adjusted-start'
import { useEditingScale } from '../use-editing-scale'
import { AdjustedCreator } from './adjusted-creator'
import { ConfigEditor } from './config-editor'
import { ConfigHistory } from './config-history'
import { ScaleCreator } from './scale-creator'
import { ScaleSwitch } from './scale-switch'
import { ScalesList } from './scales-list'

/**
 * The admin's tabs: "Konfiguration" and "Verlauf" of the scale being edited (the default
 * until another is chosen), "Notenschlüssel" with the list and the new-scale form, then `more`.
 * Opened as /admin?neu-aus=… (adjusted-start.ts), "Notenschlüssel" shows the creator of a new scale
 * from a key adjusted for one test until it is saved or cancelled.
 */
export function AdminTabs({ more }: { more: Tab[] }) {
  const { list, reload, scales, editing, choose, source } = useEditingScale()
  const search = useSearch()
  const start = useMemo(() => readAdjustedStart(search), [search])
  const adjusted = useAdjustedStart(start, scales)
  const [tab, setTab] = useState(start === null ? 'config' : 'scales')
  const [creating, setCreating] = useState(false)
  const edit = (slug: string) => {
    choose(slug)
    setTab('config')
  }
  const key = editing?.slug ?? 'default'
  const switcher = scales.length > 1 && editing !== undefined && (
    <ScaleSwitch scales={scales} value={editing.slug} onChange={choose} />
  )
  const ofScale = (part: (source: EditorSource) => ReactNode) =>
    source === undefined ? (
      <Spinner label="Notenschlüssel werden geladen" />
    ) : (
      <div className="space-y-4">
        {switcher}
        {part(source)}
      </div>
    )
  // the address leaves the parameter once the new scale is saved or dropped
  const leaveStart = () => {
    navigate(window.location.pathname, { replace: true })
  }
  const scalesTab =
    start !== null ? (
      <AdjustedCreator
        adjusted={adjusted}
        taken={scales.map((s) => s.slug)}
        onCreated={(slug) => {
          leaveStart()
          reload()
          edit(slug)
        }}
        onCancel={leaveStart}
      />
    ) : creating ? (
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
    )

  return (
    <Tabs
      label="Verwaltung"
      selected={tab}
      onSelect={setTab}
      tabs={[
        {
          id: 'config',
          label: 'Bearbeiten',
          content: ofScale((s) => <ConfigEditor key={key} source={s} />),
        },
        { id: 'history', label: 'Verlauf', content: ofScale((s) => <ConfigHistory key={key} source={s} />) },
        { id: 'scales', label: 'Notenschlüssel', content: scalesTab },
        ...more,
      ]}
    />
  )
}
