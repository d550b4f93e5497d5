// Package grading is the grade rule of docs/spec.md §3–§4 and docs/grading-systems.md and nothing
// else: reading what a person types (number.go), the configuration document and its validation,
// and the rule → Key → every view. A document's rule is one of three kinds (the original's ranges
// and band widths, a table of "ab" bounds, the Swiss formula); Config.Key (key_make.go) is the only
// place that knows what a kind means, and makes the Key: the scale's bands, best first, each with
// its exact lower bound. The calculator (Key.Calculate, with the shown percentage), the
// Punkteschlüssel (PointsTable) and every table read the Key, so they cannot disagree. It does no
// I/O and keeps no state: a caller makes a key once per version and grades on it as often as it
// likes. The vectors in testdata/grading prove that the TypeScript copy of the rule agrees with it.
//
// Decisions are made on exact rationals (math/big), or on machine integers where the key's own
// bounds and the inputs fit them exactly (fast.go); binary floating point never decides a grade.
package grading
