import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { errorMessage } from '@/lib/api-client'
import type { DocumentOf, ScaleDocument } from '@/lib/config'
import type { ScaleSummary } from '@/lib/scales'
import { toast } from '@/lib/toast'
import { scaleApi } from '../api/scales'
import type { ConfigFormValues } from '../config-form'
import { isOfKind } from '../document-kind'
import { RuleStart } from './rule-start'
import { Choice, type Start } from './start-options'
import { TableStart } from './table-start'

interface StartChooserProps {
  start: Exclude<Start, 'preset'>
  form: UseFormReturn<ConfigFormValues>
  scales: readonly ScaleSummary[]
  /** Fills the original's form, which edits the widths (null: empty). */
  onFill: (config: DocumentOf<'widths'> | null, name: string) => void
  /** A whole document of another rule (a copy of a table or formula scale, the Knickpunkt rule "ab"). */
  onDocument: (doc: ScaleDocument) => void
}

/** What a start other than a preset needs: the scale to copy, the rule's numbers, a table's rows, or nothing. */
export function StartChooser({ start, form, scales, onFill, onDocument }: StartChooserProps) {
  const [copyOf, setCopyOf] = useState(scales.find((s) => s.default)?.slug ?? scales[0]?.slug ?? '')
  const [loading, setLoading] = useState(false)

  const copy = async () => {
    setLoading(true)
    try {
      const { config } = await scaleApi(copyOf).get()
      const name = `${config.name} (Kopie)`
      if (isOfKind(config, ['widths'])) onFill(config, name)
      else onDocument({ ...config, name })
    } catch (err) {
      toast.error(`Nicht übernommen: ${errorMessage(err)}`)
    } finally {
      setLoading(false)
    }
  }

  if (start === 'rule') return <RuleStart form={form} onTable={onDocument} />
  if (start === 'table') return <TableStart onTable={onDocument} />
  return (
    <div className="flex flex-wrap items-end gap-3">
      {start === 'copy' && (
        <Choice
          label="Kopie von"
          value={copyOf}
          onChange={setCopyOf}
          options={scales.map((s) => [s.slug, `${s.name} (${s.slug})${s.archived ? ', archiviert' : ''}`])}
        />
      )}
      <Button
        variant="secondary"
        disabled={loading || (start === 'copy' && copyOf === '')}
        onClick={() => {
          if (start === 'empty') onFill(null, '')
          else void copy()
        }}
      >
        {loading ? 'Wird geladen …' : start === 'empty' ? 'Formular leeren' : 'Formular füllen'}
      </Button>
    </div>
  )
}
