// Package auth is accounts and sessions (docs/spec.md §5). Its pure parts, argon2id password hashes,
// the password and email rules with their German messages, and opaque tokens, do no I/O and keep
// no state beyond the embedded list of common passwords, so the server, the command line
// (`notenrechner admin create`) and the tests share one definition of every rule.
//
// On the store it keeps the sessions (Sessions, with the middleware that reads them), counts
// failed sign-ins (Limiter) and signs people in (SignIn): with a password, through a one-time
// link (setup, invitation) or at the school's identity provider, whose verified identity it maps
// to an account; each way ends in SignIn.StartSession. The server's handlers only read requests,
// call SignIn and answer; internal/sso is the OpenID relying party and knows nothing of accounts.
//
// The rules have a TypeScript copy in the web client; the vectors in testdata/auth are read by
// both test suites and prove that the two agree.
package auth
