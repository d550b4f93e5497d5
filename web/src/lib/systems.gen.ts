// Written by internal/grading/systems_gen_test.go from the table of grading systems,
// internal/grading/system.go: do not edit; run `go generate ./internal/grading` after a change
// there. The Go tests fail while this file is stale.

/** Labels that are numbers from best to worst in steps, with at least places decimals. */
export interface SystemNumbers {
  best: string
  worst: string
  step: string
  places: number
  /** The labels are exactly these numbers; otherwise any number of the range at the step is one. */
  list: boolean
}

/** What a system means for the Zeugnisnote (docs/spec.md §9). */
export interface SystemZeugnis {
  /** The short name the command took first ("de"), or "". */
  alias: string
  grammar: 'tendency' | 'points' | 'decimals' | 'whole'
  lo: string
  hi: string
  step: string
  tendency: boolean
  stepSetting: boolean
  rangeText: string
}

/** How the page names a system's results (ResultWords in system.go). */
export interface SystemResult {
  /** The word after a grade that is a count ("1 Punkt", "8 Punkte"); "" where a grade is a Note. */
  one: string
  many: string
  /** Said beside the Zeugnisnote's average (Austria: LBVO § 20), or "". */
  zeugnisNote: string
}

/** One grading system; numbers are written with a comma ("4,4"). */
export interface SystemData {
  id: string
  name: string
  /** The labels, best first, separated by spaces, where they are no numbers; with their values. */
  labels?: string
  values?: string
  numbers?: SystemNumbers
  over?: string
  higherIsBetter: boolean
  pass: string
  grouping: 'label' | 'first' | 'alt' | 'rounded' | 'half'
  rangeNames: boolean
  failingTerm: string
  averageNote: string
  altTerm: string
  /** What a written test is called where it is no "Klassenarbeit" ("Prüfung"). */
  test?: string
  zeugnis: SystemZeugnis
  result: SystemResult
}

export const SYSTEM_IDS = ['noten-plus-minus', 'noten', 'noten-dezimal', 'notenpunkte', 'schweiz', 'oesterreich'] as const

export const SYSTEMS: readonly [SystemData, ...SystemData[]] = [
  {
    id: 'noten-plus-minus',
    name: 'Noten 1 bis 6 mit + und −',
    labels: '1+ 1 1- 2+ 2 2- 3+ 3 3- 4+ 4 4- 5+ 5 5- 6+ 6',
    values: '1 1 1 2 2 2 3 3 3 4 4 4 5 5 5 6 6',
    over: '1+',
    higherIsBetter: false,
    pass: '4',
    grouping: 'first',
    rangeNames: false,
    failingTerm: 'Anteil 5 und 6',
    averageNote: 'Für den Durchschnitt zählen + und - wie die Note ohne Zusatz (2+ und 2- zählen als 2).',
    altTerm: '',
    zeugnis: {
      alias: 'de',
      grammar: 'tendency',
      lo: '1',
      hi: '6',
      step: '1',
      tendency: true,
      stepSetting: false,
      rangeText: 'keine Note von 1 bis 6',
    },
    result: {
      one: '',
      many: '',
      zeugnisNote: '',
    },
  },
  {
    id: 'noten',
    name: 'Noten 1 bis 6',
    numbers: { best: '1', worst: '6', step: '1', places: 0, list: true },
    higherIsBetter: false,
    pass: '4',
    grouping: 'label',
    rangeNames: false,
    failingTerm: 'Anteil 5 und 6',
    averageNote: '',
    altTerm: 'Note in Worten',
    zeugnis: {
      alias: '',
      grammar: 'tendency',
      lo: '1',
      hi: '6',
      step: '1',
      tendency: true,
      stepSetting: false,
      rangeText: 'keine Note von 1 bis 6',
    },
    result: {
      one: '',
      many: '',
      zeugnisNote: '',
    },
  },
  {
    id: 'noten-dezimal',
    name: 'Noten 1,0 bis 6,0',
    numbers: { best: '1', worst: '6', step: '0,1', places: 1, list: true },
    higherIsBetter: false,
    pass: '4,4',
    grouping: 'rounded',
    rangeNames: true,
    failingTerm: 'Anteil ab 4,5',
    averageNote: '',
    altTerm: 'Note in Worten',
    zeugnis: {
      alias: '',
      grammar: 'tendency',
      lo: '1',
      hi: '6',
      step: '1',
      tendency: true,
      stepSetting: false,
      rangeText: 'keine Note von 1 bis 6',
    },
    result: {
      one: '',
      many: '',
      zeugnisNote: '',
    },
  },
  {
    id: 'notenpunkte',
    name: 'Notenpunkte 15 bis 0',
    numbers: { best: '15', worst: '0', step: '1', places: 0, list: true },
    higherIsBetter: true,
    pass: '5',
    grouping: 'alt',
    rangeNames: false,
    failingTerm: 'Anteil unter 5 Punkten',
    averageNote: 'Der Durchschnitt ist in Notenpunkten (15 bis 0) gerechnet.',
    altTerm: 'Note (1–6)',
    zeugnis: {
      alias: 'np',
      grammar: 'points',
      lo: '0',
      hi: '15',
      step: '1',
      tendency: false,
      stepSetting: false,
      rangeText: 'keine Punktzahl von 0 bis 15',
    },
    result: {
      one: 'Punkt',
      many: 'Punkte',
      zeugnisNote: '',
    },
  },
  {
    id: 'schweiz',
    name: 'Schweizer Noten 6 bis 1',
    numbers: { best: '6', worst: '1', step: '0,01', places: 0, list: false },
    higherIsBetter: true,
    pass: '4',
    grouping: 'half',
    rangeNames: false,
    failingTerm: 'Anteil unter 4',
    averageNote: '',
    altTerm: 'Note in Worten',
    test: 'Prüfung',
    zeugnis: {
      alias: 'ch',
      grammar: 'decimals',
      lo: '1',
      hi: '6',
      step: '0,5',
      tendency: false,
      stepSetting: true,
      rangeText: 'keine Note von 1 bis 6 (höchstens zwei Nachkommastellen)',
    },
    result: {
      one: '',
      many: '',
      zeugnisNote: '',
    },
  },
  {
    id: 'oesterreich',
    name: 'Österreichische Noten 1 bis 5',
    numbers: { best: '1', worst: '5', step: '1', places: 0, list: true },
    higherIsBetter: false,
    pass: '4',
    grouping: 'label',
    rangeNames: false,
    failingTerm: 'Anteil Nicht genügend',
    averageNote: '',
    altTerm: 'Note in Worten',
    test: 'Schularbeit',
    zeugnis: {
      alias: 'at',
      grammar: 'whole',
      lo: '1',
      hi: '5',
      step: '1',
      tendency: false,
      stepSetting: false,
      rangeText: 'keine Note von 1 bis 5',
    },
    result: {
      one: '',
      many: '',
      zeugnisNote: 'Nach LBVO § 20 zählt für die Zeugnisnote der zuletzt erreichte Leistungsstand mehr: Der Durchschnitt gewichtet alle Noten gleich und ist nur ein Anhaltspunkt.',
    },
  },
]
