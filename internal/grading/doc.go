// Package grading is the grade rule of docs/spec.md §3–§4 and nothing else: reading what a person types,
// the exact percentage, the grade, the table of bands, and the configuration document with its
// validation. It does no I/O, so the server, the command line and the tests share one definition,
// and the vectors in testdata/grading prove that the TypeScript copy of the rule agrees with it.
//
// Decisions are made on exact rationals (math/big); binary floating point never decides a grade.
package grading
