import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { TabButton, type TabHead } from './tab-button'

export interface Tab extends TabHead {
  content: ReactNode
}

interface TabsProps {
  /** The accessible name of the tab list. */
  label: string
  tabs: Tab[]
  /** The shown tab, when the caller decides it (e.g. "Bearbeiten" elsewhere opens the editor's tab). */
  selected?: string
  onSelect?: (id: string) => void
}

/**
 * WAI-ARIA tabs with automatic activation (arrow keys, Home, End). Every panel stays mounted and
 * only the chosen one is shown, so unsaved edits survive a look at another tab.
 */
export function Tabs({ label, tabs, selected: controlled, onSelect }: TabsProps) {
  const [own, setOwn] = useState(tabs[0]?.id ?? '')
  const selected = controlled ?? own
  const setSelected = (id: string) => {
    setOwn(id)
    onSelect?.(id)
  }
  const base = useId()
  const refs = useRef(new Map<string, HTMLButtonElement>())

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]
    if (tab === undefined) return
    setSelected(tab.id)
    refs.current.get(tab.id)?.focus()
  }

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    const to = moves[e.key]
    if (to === undefined) return
    e.preventDefault()
    select(to)
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        // On a phone tabs stand two to a row when they pair up, else one under the other: a lone last tab
        // on a row of its own reads as something else.
        className={`grid ${tabs.length % 2 === 0 ? 'grid-cols-2' : 'grid-cols-1'} gap-1 rounded-xl bg-slate-200 dark:bg-slate-800 p-1 sm:inline-grid sm:grid-cols-none sm:auto-cols-max sm:grid-flow-col`}
      >
        {tabs.map((tab, index) => (
          <TabButton
            key={tab.id}
            ref={(el) => {
              if (el === null) refs.current.delete(tab.id)
              else refs.current.set(tab.id, el)
            }}
            base={base}
            tab={tab}
            active={tab.id === selected}
            onClick={() => {
              setSelected(tab.id)
            }}
            onKeyDown={(e) => {
              onKeyDown(e, index)
            }}
          />
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="pt-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
