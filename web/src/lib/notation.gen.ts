// Written by internal/grading/systems_gen_test.go from the table of grading systems,
// internal/grading/system.go: do not edit; run `go generate ./internal/grading` after a change
// there. The Go tests fail while this file is stale.

/** Systems written with a point and their percentage's end ("4.5", "78.3 %"); the others: "," and "%". */
export const POINT_NOTATION: Readonly<Record<string, string>> = {
  schweiz: ' %',
}

/** The grades in words where the labels are numbers: "worst=word|…", best first. */
export const WORDS: Readonly<Record<string, string>> = {
  'noten-dezimal': '1,4=sehr gut|2,4=gut|3,4=befriedigend|4,4=ausreichend|5,4=mangelhaft|6=ungenügend',
  schweiz: '6=sehr gut|5=gut|4=genügend|1=ungenügend',
}
