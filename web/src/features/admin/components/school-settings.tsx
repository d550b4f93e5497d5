import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { SelectField } from '@/components/select-field'
import { Spinner } from '@/components/spinner'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { School, SchoolLand } from '@/lib/school'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import { getSchool, listLands, setSchoolLand } from '../api/school'
import { unavailable } from './save-bar'

const GROUPS = [
  { country: 'DE', label: 'Deutschland' },
  { country: 'CH', label: 'Schweiz' },
  { country: 'AT', label: 'Österreich' },
] as const

const LABEL = 'Bundesland / Kanton / Land der Schule'

interface Values {
  land: string
}

async function loadBoth(): Promise<{ lands: SchoolLand[]; school: School }> {
  const [lands, school] = await Promise.all([listLands(), getSchool()])
  return { lands, school }
}

/**
 * "Schule": the school's Land, canton or Austrian Land (docs/spec.md §11). The Notenspiegel states its
 * rule for a test too many fail; the choice shows the rule with its source before it is saved.
 */
export function SchoolSettings() {
  const [data, reload] = useResource(loadBoth, null)
  return (
    <Card
      title="Schule"
      description="Das Land der Schule bestimmt, welche Regel der Notenspiegel nennt, wenn viele eine Klassenarbeit nicht bestehen (etwa Hessen, VOGSV § 34). Ohne Land nennt er nur den Anteil."
    >
      {data.state === 'loading' && <Spinner label="Einstellungen der Schule werden geladen" />}
      {data.state === 'failed' && (
        <Notice tone="error" role="alert">
          <p>{data.message}</p>
          <Button variant="secondary" onClick={reload}>
            Erneut versuchen
          </Button>
        </Notice>
      )}
      {data.state === 'ready' && <LandForm lands={data.data.lands} saved={data.data.school.land ?? ''} />}
    </Card>
  )
}

function LandForm({ lands, saved }: { lands: SchoolLand[]; saved: string }) {
  const form = useForm<Values>({ defaultValues: { land: saved } })
  const [failure, setFailure] = useState<string | null>(null)
  const { errors, isSubmitting, isDirty } = form.formState
  const land = useWatch({ control: form.control, name: 'land' })
  const chosen = lands.find((l) => l.code === land)
  useEffect(() => {
    form.reset({ land: saved })
  }, [form, saved])

  const onSubmit = async ({ land }: Values) => {
    setFailure(null)
    try {
      const school = await setSchoolLand(land)
      form.reset({ land: school.land ?? '' })
      toast.success(
        school.land === null
          ? 'Kein Land der Schule eingestellt.'
          : `Land der Schule: ${school.name ?? school.land}.`,
      )
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fields.land !== undefined) {
        form.setError('land', { type: 'server', message: err.fields.land }, { shouldFocus: true })
      } else {
        setFailure(errorMessage(err))
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
      {failure !== null && (
        <Notice tone="error" role="alert">
          <p>{failure}</p>
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <SelectField label={LABEL} error={errors.land?.message} {...form.register('land')}>
          <option value="">keins</option>
          {GROUPS.map((g) => (
            <optgroup key={g.country} label={g.label}>
              {lands
                .filter((l) => l.country === g.country)
                .map((l) => (
                  <option key={l.code} value={l.code}>
                    {g.country === 'DE' ? l.name : `${l.name} (${l.code})`}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <Button
          type="submit"
          // aria-disabled, not disabled: the focus stays after a save (save-bar.tsx)
          aria-disabled={isSubmitting || !isDirty}
          className={`sm:mt-[1.625rem] ${unavailable}`}
          onClick={(e) => {
            if (isSubmitting || !isDirty) e.preventDefault()
          }}
        >
          {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
      </div>
      <RulePreview land={chosen} />
    </form>
  )
}

/** The chosen Land's rule with its source, or why it has none. */
function RulePreview({ land }: { land: SchoolLand | undefined }) {
  if (land === undefined) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Ohne Land nennt der Notenspiegel nur den Anteil.
      </p>
    )
  }
  const rule = land.approval
  if (rule === null) return <p className="text-sm text-slate-700 dark:text-slate-300">{land.note}</p>
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <p>
        Regel:{' '}
        <a href={rule.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
          {rule.source}
        </a>{' '}
        ({rule.title}).
      </p>
      <ul className="list-disc pl-5">
        {rule.steps.map((s) => (
          <li key={s.share}>
            Sind {s.share} der Arbeiten {rule.failingTerm}: {s.consequence}
          </li>
        ))}
      </ul>
      {rule.remark !== undefined && <p>{rule.remark}</p>}
    </div>
  )
}
