import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { gradeHeading, gradePhrase, keyOf, type Key } from './key'
import { gradeName, withUnit, zeugnisNoteOf } from './systems'
import { SYSTEMS } from './systems.gen'

// How the page names a result in each system's own words (internal/grading/system.go, ResultWords):
// Notenpunkte are counted ("8 Punkte"), every other grade is a Note.
const keyIn = (system: string): Key => ({ system, basis: 'exact', included: true, bands: [] })

describe('the words of a result', () => {
  it('counts Notenpunkte and names every other grade a Note', () => {
    expect(withUnit('notenpunkte', '8')).toBe('8 Punkte')
    expect(withUnit('notenpunkte', '1')).toBe('1 Punkt')
    expect(withUnit('notenpunkte', '8,33')).toBe('8,33 Punkte')
    expect(withUnit('schweiz', '4,5')).toBe('4,5')
    expect(withUnit('unbekannt', '2')).toBe('2') // a newer server's system reads as the original's
    expect(gradeName(keyIn('notenpunkte'), '0')).toBe('0 Punkte')
    expect(gradeName(keyIn('oesterreich'), '5')).toBe('Note 5')
    expect(gradeName(keyIn('noten-dezimal'), '6,0')).toBe('Note 6,0')
    expect(gradeHeading(keyIn('notenpunkte'))).toBe('Punkte')
    expect(gradeHeading(keyIn('schweiz'))).toBe('Note')
  })

  it("agrees with the route's own knowledge of which grades are counted (lib/key.ts)", () => {
    for (const { id, result } of SYSTEMS) {
      expect(gradeHeading(keyIn(id))).toBe(result.many || 'Note')
      expect(gradePhrase(keyIn(id), '2', 'gut')).toBe(result.many ? `2 ${result.many} (gut)` : 'Note 2 (gut)')
    }
  })

  it('says a grade in a sentence as the calculator shows it', () => {
    const original = keyOf(standardLiveConfig().config)
    expect(gradePhrase(original, '2-', undefined)).toBe('Note 2-')
    expect(gradePhrase(keyIn('noten'), '2', 'gut')).toBe('Note 2 (gut)')
    expect(gradePhrase(keyIn('notenpunkte'), '13', '1-')).toBe('13 Punkte (1-)')
  })

  it("names Austria's LBVO § 20 for the Zeugnisnote, nothing elsewhere", () => {
    expect(zeugnisNoteOf('oesterreich')).toMatch(
      /^Nach LBVO § 20 zählt für die Zeugnisnote der zuletzt erreichte/,
    )
    expect(zeugnisNoteOf('noten-plus-minus')).toBe('')
  })
})
