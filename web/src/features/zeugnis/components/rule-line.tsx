import type { ZeugnisSettings } from '@/lib/config'
import type { ZeugnisSystem } from '../rule'
import { ruleParts, schoolSetRule } from '../rule-line'

/** The rule the proposals follow and whose choice it is; printed with the class's table. */
export function RuleLine({ system, settings }: { system: ZeugnisSystem; settings: ZeugnisSettings }) {
  return (
    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-zeugnis-rule="">
      {ruleParts(system, settings).join(' · ')}.{' '}
      {schoolSetRule(settings)
        ? 'So hat es die Schule für diesen Notenschlüssel festgelegt.'
        : 'Die Schule hat für diesen Notenschlüssel nichts anderes festgelegt; das sind die Voreinstellungen.'}
    </p>
  )
}
