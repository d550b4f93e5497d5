import type { DocumentOf } from '@/lib/config'

/**
 * The Standard of docs/spec.md §4, the one document of the original's shape the admin keeps itself:
 * the original form starts from its numbers, and the Knickpunkt rule gives empty band widths its
 * widths. Every other starting point is a preset of the server (GET /api/v1/presets); standard.test.ts
 * binds this copy to testdata/grading/configs/standard.json, which internal/grading's Default matches.
 */
export const STANDARD = {
  name: 'Standard',
  rule: {
    kind: 'widths',
    system: 'noten-plus-minus',
    grades: {
      '1': { min: 85, max: 100 },
      '2': { min: 70, max: 85 },
      '3': { min: 55, max: 70 },
      '4': { min: 40, max: 55 },
      '5': { min: 20, max: 40 },
      '6': { min: 0, max: 20 },
    },
    schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
  },
} satisfies DocumentOf<'widths'>

/** "Standard (85/70/55/40/20)": the name and the lower bounds of grades 1 to 5. */
export const STANDARD_LABEL = `Standard (${(['1', '2', '3', '4', '5'] as const).map((g) => String(STANDARD.rule.grades[g].min)).join('/')})`
