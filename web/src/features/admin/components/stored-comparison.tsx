import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import type { LiveConfig } from '@/lib/config'
import type { Resource } from '@/lib/use-resource'
import { VersionComparison } from './version-comparison'

interface StoredComparisonProps {
  resource: Resource<LiveConfig> | undefined
  current: LiveConfig | undefined
  onlyChanged: boolean
  onRetry: () => void
}

/** A stored version against the current one, once both are there. */
export function StoredComparison({ resource, current, onlyChanged, onRetry }: StoredComparisonProps) {
  if (resource?.state === 'failed') {
    return (
      <Notice tone="error">
        <p>Die Version konnte nicht geladen werden: {resource.message}</p>
        <Button variant="secondary" onClick={onRetry}>
          Erneut versuchen
        </Button>
      </Notice>
    )
  }
  if (resource?.state !== 'ready' || current === undefined) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        Version wird geladen …
      </p>
    )
  }
  return <VersionComparison version={resource.data} current={current} onlyChanged={onlyChanged} />
}
