import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { documentScale, STEP_NAMES, TENDENCY_NAMES } from '@/lib/zeugnis'
import { hasStep, hasTendency, MAX_CATEGORIES } from '../zeugnis-check'
import { CATEGORY_PRESETS, type ZeugnisFormValues } from '../zeugnis-form'
import { RadioOption } from './radio-option'
import { RemovableRows } from './removable-rows'
import { SettingSection } from './setting-section'

/** Either editor's form, seen through its section "Zeugnisnote" (both hold `zeugnis`). */
export type ZeugnisForm = UseFormReturn<{ zeugnis: ZeugnisFormValues }>

// The values are lib's (the rule's own); the labels only add the default and what 1/3 means.
const label = (value: string, first: boolean) =>
  first ? `${value} (Voreinstellung)` : value === '1/3' ? '1/3 (genau ein Drittel)' : value

/** What "better" and "worse" do with an average exactly in the middle, in the scale's own grades. */
function roundingExamples(system: string): { better: string; worse: string } {
  const grammar = documentScale(system)?.grammar
  if (grammar === 'decimals') return { better: '4,25 wird 4,5', worse: '4,25 wird 4' }
  if (grammar === 'points') return { better: '10,50 wird 11', worse: '10,50 wird 10' }
  return { better: '2,50 wird 2', worse: '2,50 wird 3' }
}

/**
 * The school's settings of the Zeugnisnote for this scale (docs/spec.md §9): the value of + and −
 * (only for grades 1 to 6), where an average exactly in the middle goes, the Swiss step, and the
 * default categories with their weights. Saved with the scale, as a new version.
 */
export function ZeugnisFields({ form, system }: { form: ZeugnisForm; system: string }) {
  const errors = form.formState.errors.zeugnis
  const examples = roundingExamples(system)
  return (
    <SettingSection
      title="Zeugnisnote"
      hint="Voreinstellungen der Schule für den Vorschlag der Zeugnisnote mit diesem Notenschlüssel; die Note entscheidet die Lehrkraft."
    >
      {(hasTendency(system) || hasStep(system)) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {hasTendency(system) && (
            <SelectField
              label="Wert von + und −"
              error={errors?.tendency?.message}
              {...form.register('zeugnis.tendency')}
            >
              {TENDENCY_NAMES.map((value, i) => (
                <option key={value} value={value}>
                  {label(value, i === 0)}
                </option>
              ))}
            </SelectField>
          )}
          {hasStep(system) && (
            <SelectField
              label="Schrittweite des Vorschlags"
              error={errors?.step?.message}
              {...form.register('zeugnis.step')}
            >
              {STEP_NAMES.map((value, i) => (
                <option key={value} value={value}>
                  {label(value, i === 0)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      )}
      <fieldset className="min-w-0">
        <legend className={labelClass}>Durchschnitt genau in der Mitte</legend>
        <div className="mt-2 space-y-2">
          <RadioOption
            registration={form.register('zeugnis.rounding')}
            value="better"
            label="zur besseren Note (Voreinstellung)"
            sentence={`Liegt der Durchschnitt genau zwischen zwei Noten, gilt die bessere: ${examples.better}.`}
          />
          <RadioOption
            registration={form.register('zeugnis.rounding')}
            value="worse"
            label="zur schlechteren Note"
            sentence={`Liegt der Durchschnitt genau zwischen zwei Noten, gilt die schlechtere: ${examples.worse}.`}
          />
        </div>
      </fieldset>
      <Categories form={form} />
    </SettingSection>
  )
}

function Categories({ form }: { form: ZeugnisForm }) {
  const { fields, append, remove, replace } = useFieldArray({
    control: form.control,
    name: 'zeugnis.categories',
  })
  const rows = useWatch({ control: form.control, name: 'zeugnis.categories' })
  const errors = form.formState.errors.zeugnis?.categories
  return (
    <RemovableRows
      legend="Kategorien und Gewichte"
      hint="Die Vorgabe für die Zeugnisnote, z. B. schriftlich doppelt so schwer wie mündlich. Ohne Kategorien gilt die Vorgabe der Seite."
      rows={fields}
      rowClass="grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,16rem)_7rem_auto]"
      renderRow={(i) => (
        <>
          <TextField
            label={`Kategorie ${String(i + 1)}`}
            autoComplete="off"
            error={errors?.[i]?.name?.message}
            {...form.register(`zeugnis.categories.${i}.name`)}
          />
          <TextField
            label="Gewicht"
            inputMode="decimal"
            autoComplete="off"
            error={errors?.[i]?.weight?.message}
            {...form.register(`zeugnis.categories.${i}.weight`)}
          />
        </>
      )}
      removeLabel={(i) => {
        const name = rows[i]?.name.trim() ?? ''
        return `Kategorie ${String(i + 1)}${name === '' ? '' : ` „${name}“`} entfernen`
      }}
      canRemove
      onRemove={remove}
      listError={errors?.message ?? errors?.root?.message}
      addLabel="Kategorie hinzufügen"
      max={MAX_CATEGORIES}
      onAdd={() => {
        append({ name: '', weight: '1' })
      }}
    >
      <div className="mt-2 flex flex-wrap gap-2">
        {CATEGORY_PRESETS.map((preset) => (
          <Button
            key={preset.label}
            variant="secondary"
            onClick={() => {
              replace(preset.categories.map((c) => ({ ...c })))
            }}
          >
            {preset.label}
          </Button>
        ))}
      </div>
    </RemovableRows>
  )
}
