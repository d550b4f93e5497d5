// Written by internal/grading/systems_gen_test.go from the table of grading systems,
// internal/grading/system.go: do not edit; run `go generate ./internal/grading` after a change
// there. The Go tests fail while this file is stale.

/** The second labels of the systems that have them: "label=second|…", best first (lib/key.ts). */
export const SECOND_LABELS: Readonly<Record<string, string>> = {
  noten: '1=sehr gut|2=gut|3=befriedigend|4=ausreichend|5=mangelhaft|6=ungenügend',
  notenpunkte: '15=1+|14=1|13=1-|12=2+|11=2|10=2-|9=3+|8=3|7=3-|6=4+|5=4|4=4-|3=5+|2=5|1=5-|0=6',
  oesterreich: '1=Sehr gut|2=Gut|3=Befriedigend|4=Genügend|5=Nicht genügend',
}
