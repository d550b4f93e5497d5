import type { KeyboardEvent, Ref } from 'react'

/** What a tab's button shows, and the id that pairs it with its panel (Tabs' Tab adds the panel). */
export interface TabHead {
  id: string
  label: string
}

interface TabButtonProps {
  ref: Ref<HTMLButtonElement>
  /** The id prefix that pairs each tab with its panel. */
  base: string
  tab: TabHead
  active: boolean
  onClick: () => void
  onKeyDown: (e: KeyboardEvent) => void
}

/** One tab: only the active one is in the tab order; the arrow keys reach the others. */
export function TabButton({ ref, base, tab, active, onClick, onKeyDown }: TabButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={`${base}-tab-${tab.id}`}
      aria-selected={active}
      aria-controls={`${base}-panel-${tab.id}`}
      tabIndex={active ? 0 : -1}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={
        'min-h-11 whitespace-nowrap rounded-lg px-4 py-2 text-sm font-semibold transition-colors ' +
        'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:focus-visible:ring-green-500 ' +
        (active
          ? 'bg-white dark:bg-slate-900 text-green-800 dark:text-green-300 shadow-sm'
          : 'text-slate-700 dark:text-slate-300 hover:bg-white/60 dark:hover:bg-slate-700/60 hover:text-slate-900 dark:hover:text-slate-100')
      }
    >
      {tab.label}
    </button>
  )
}
