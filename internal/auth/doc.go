// Package auth is accounts and sessions (SPEC.md §5). Its pure parts, argon2id password hashes,
// the password and email rules with their German messages, and opaque tokens, do no I/O and keep
// no state beyond the embedded list of common passwords, so the server, the command line
// (`notenrechner admin create`) and the tests share one definition of every rule.
//
// The rules have a TypeScript copy in the web client; the vectors in testdata/auth are read by
// both test suites and prove that the two agree.
package auth
