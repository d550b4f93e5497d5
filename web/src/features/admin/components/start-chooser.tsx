import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { errorMessage } from '@/lib/api-client'
import { isOriginal, type GradingConfig } from '@/lib/config'
import type { ScaleSummary } from '@/lib/scales'
import { toast } from '@/lib/toast'
import { scaleApi } from '../api/scales'
import type { ConfigFormValues } from '../config-form'
import { PRESETS } from '../presets'
import { RuleFill } from './rule-fill'
import { Choice, StartOptions, type Start } from './start-options'

interface StartChooserProps {
  form: UseFormReturn<ConfigFormValues>
  scales: readonly ScaleSummary[]
  onFill: (config: GradingConfig | null, name: string) => void
}

/** Where the new scale starts: the choice, and what each needs (a preset, a scale, the rule's numbers). */
export function StartChooser({ form, scales, onFill }: StartChooserProps) {
  const [start, setStart] = useState<Start>('preset')
  const [preset, setPreset] = useState(PRESETS[0]?.id ?? '')
  const [copyOf, setCopyOf] = useState(scales.find((s) => s.default)?.slug ?? scales[0]?.slug ?? '')
  const [loading, setLoading] = useState(false)

  const apply = async () => {
    if (start === 'empty') onFill(null, '')
    if (start === 'preset') {
      const chosen = PRESETS.find((p) => p.id === preset)
      if (chosen !== undefined) onFill(chosen.config, chosen.config.name)
    }
    if (start === 'copy') {
      setLoading(true)
      try {
        const { config } = await scaleApi(copyOf).get()
        if (isOriginal(config)) onFill(config, `${config.name} (Kopie)`)
        else toast.error('Nicht übernommen: Schlüssel mit einer Regel lassen sich hier noch nicht kopieren.')
      } catch (err) {
        toast.error(`Nicht übernommen: ${errorMessage(err)}`)
      } finally {
        setLoading(false)
      }
    }
  }

  return (
    <div className="space-y-4 border-b border-slate-200 dark:border-slate-700 pb-6">
      <StartOptions value={start} onChange={setStart} />
      {start === 'rule' ? (
        <RuleFill form={form} />
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          {start === 'preset' && (
            <Choice
              label="Vorlage"
              value={preset}
              onChange={setPreset}
              options={PRESETS.map((p) => [p.id, p.label])}
            />
          )}
          {start === 'copy' && (
            <Choice
              label="Kopie von"
              value={copyOf}
              onChange={setCopyOf}
              options={scales.map((s) => [
                s.slug,
                `${s.name} (${s.slug})${s.archived ? ', archiviert' : ''}`,
              ])}
            />
          )}
          <Button
            variant="secondary"
            disabled={loading || (start === 'copy' && copyOf === '')}
            onClick={() => void apply()}
          >
            {loading ? 'Wird geladen …' : 'Formular füllen'}
          </Button>
        </div>
      )}
    </div>
  )
}
