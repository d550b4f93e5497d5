import { useMemo } from 'react'
import type { LiveConfig } from '@/lib/config'
import { diffBands, diffSettings } from '../version-diff'
import { zeugnisDiff, zeugnisSummary } from '../zeugnis-diff'
import { RuleComparison } from './rule-comparison'
import { BandsTable, SettingChanges } from './version-parts'

interface VersionComparisonProps {
  /** The stored version to show. */
  version: LiveConfig
  /** The configuration in force now, to compare with. */
  current: LiveConfig
  /** Only the bands that differ (the restore dialog); the history shows all 16. */
  onlyChanged?: boolean
}

/**
 * A stored version's table with what differs from the current version: the changed boundaries
 * and widths as "aktuell 85 % → Version 2: 90 %", and the bands side by side, the differing ones
 * tinted and with the current range beside them ("gleich" where nothing changes), so that the
 * difference is readable without colour.
 */
export function VersionComparison({ version, current, onlyChanged = false }: VersionComparisonProps) {
  const a = version.config
  const b = current.config
  const zeugnis = (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-medium">Zeugnisnote in Version {version.version}:</span> {zeugnisSummary(a)}
    </p>
  )
  // Where either follows another kind of rule, the two tables side by side with the rules in words, and the
  // Zeugnisnote settings that differ.
  if (a.rule.kind !== 'widths' || b.rule.kind !== 'widths') {
    const changes = zeugnisDiff(a, b).filter((c) => c.changed)
    return (
      <div className="space-y-4">
        {version.version !== current.version && changes.length > 0 && (
          <SettingChanges changes={changes} version={version.version} current={current.version} />
        )}
        <RuleComparison version={version} current={current} onlyChanged={onlyChanged} />
        {zeugnis}
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <WidthsComparison version={version} current={current} onlyChanged={onlyChanged} />
      {zeugnis}
    </div>
  )
}

/** Two versions of the original's widths: their boundaries and widths, and the 16 bands side by side. */
function WidthsComparison({ version, current, onlyChanged }: Required<VersionComparisonProps>) {
  const [a, b] = [version.config, current.config]
  const diff = useMemo(() => {
    return { settings: [...diffSettings(a, b), ...zeugnisDiff(a, b)], bands: diffBands(a, b) }
  }, [a, b])
  if (version.version === current.version) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Das ist die aktuelle Version; so zeigt der Rechner die Tabelle gerade.
        </p>
        <BandsTable
          bands={diff.bands}
          caption={`Prozentbereiche in Version ${String(version.version)}`}
          version={version.version}
          current={null}
        />
      </div>
    )
  }
  const changes = diff.settings.filter((s) => s.changed)
  const bands = onlyChanged ? diff.bands.filter((b) => b.changed) : diff.bands
  const unchanged = diff.bands.length - diff.bands.filter((b) => b.changed).length
  return (
    <div className={onlyChanged ? 'space-y-4' : 'grid gap-6 lg:grid-cols-2'}>
      <SettingChanges changes={changes} version={version.version} current={current.version} />
      <div className="min-w-0 space-y-2">
        {bands.length > 0 && (
          <BandsTable
            bands={bands}
            caption={
              onlyChanged
                ? 'Geänderte Prozentbereiche'
                : `Prozentbereiche in Version ${String(version.version)}`
            }
            version={version.version}
            current={current.version}
          />
        )}
        {onlyChanged && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {unchanged === diff.bands.length
              ? `Alle ${String(unchanged)} Bereiche bleiben gleich.`
              : `Die übrigen ${String(unchanged)} Bereiche bleiben gleich.`}
          </p>
        )}
      </div>
    </div>
  )
}
