import { describe, expect, it } from 'vitest'
import { readGradingConfig } from '@/lib/config'
import { standardLiveConfig } from '@/test/live-config'
import { validateConfigDocument } from './config-validation'
import { PRESETS } from './presets'

describe('PRESETS', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s passes the editor validation', (_, preset) => {
    expect(validateConfigDocument(preset.config)).toEqual({})
    expect(readGradingConfig(preset.config)).toStrictEqual(preset.config)
  })

  it.each(PRESETS.map((p) => [p.label, p] as const))(
    '%s has the lower bounds its label names',
    (label, preset) => {
      const named = /\(([\d/]+)\)/.exec(label)?.[1]?.split('/').map(Number)
      const mins = (['1', '2', '3', '4', '5'] as const).map((g) => preset.config.grades[g].min)
      expect(mins).toEqual(named)
    },
  )

  it('Standard is the docs/spec.md §4 default', () => {
    expect(PRESETS.find((p) => p.id === 'standard')?.config).toEqual(standardLiveConfig().config)
  })
})
