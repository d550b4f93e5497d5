import { lazy, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import type { LiveConfig } from '@/lib/config'

// The notice's code (and the comparison of two keys) loads only when a change comes.
const KeyChangeNotice = lazy(() => import('./key-change-notice'))

/**
 * Says so when the shown scale gets a new version while the page is open (an admin saved), rather than
 * change grades silently: from the version the teacher last acknowledged, so several saves collect into
 * one notice. Another scale's choice mounts this anew (the page loads that scale first), so it is no change.
 */
export function KeyChange({ data }: { data: LiveConfig }) {
  const [seen, setSeen] = useState(data)
  return (
    seen.version !== data.version && (
      <LazyPart failed={null}>
        <KeyChangeNotice
          before={seen}
          after={data}
          onDismiss={() => {
            setSeen(data)
          }}
        />
      </LazyPart>
    )
  )
}
