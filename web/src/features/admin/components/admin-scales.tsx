import { useState, type ReactNode } from 'react'
import { Spinner } from '@/components/spinner'
import { Tabs, type Tab } from '@/components/tabs'
import type { EditorSource } from '../editor-source'
import { useEditingScale } from '../use-editing-scale'
import { ConfigEditor } from './config-editor'
import { ConfigHistory } from './config-history'
import { ScaleCreator } from './scale-creator'
import { ScaleSwitch } from './scale-switch'
import { ScalesList } from './scales-list'

/**
 * The admin's tabs: "Konfiguration" and "Verlauf" of the scale being edited (the default
 * until another is chosen), "Notenschlüssel" with the list and the new-scale form, then `more`.
 */
export function AdminTabs({ more }: { more: Tab[] }) {
  const { list, reload, scales, editing, choose, source } = useEditingScale()
  const [tab, setTab] = useState('config')
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
  const scalesTab = creating ? (
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
