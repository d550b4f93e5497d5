// Proves that no secret reaches a log line: every server and command the
// browser tests start appends its output to a file in the run directory,
// the tests record every secret that crosses the wire (passwords in
// request bodies, session cookies, setup and invitation tokens), and after
// the whole run auditLogs() reads every line. The one allowed exception
// is the setup link announced at start (docs/spec.md §5: it is how the operator
// gets the first admin's link); its token may appear in that line only.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const RUN_DIR_ENV = 'NOTENRECHNER_E2E_RUN_DIR'

export function runDir(): string | undefined {
  return process.env[RUN_DIR_ENV]
}

/** Appends output of a started program to the run's log files. */
export function appendLog(name: string, text: string): void {
  const dir = runDir()
  if (dir !== undefined) appendFileSync(join(dir, `${name}.log`), text)
}

export type SecretKind = 'password' | 'session' | 'token'

/** Notes secrets the tests used, for the audit after the run. */
export function recordSecrets(kind: SecretKind, values: Iterable<string>): void {
  const dir = runDir()
  if (dir === undefined) return
  const lines = [...values].filter((v) => v.length > 0).map((value) => JSON.stringify({ kind, value }) + '\n')
  if (lines.length > 0) appendFileSync(join(dir, `secrets-${String(process.pid)}.jsonl`), lines.join(''))
}

/** The line announcing the setup link (cmd/notenrechner/serve.go). */
const SETUP_ANNOUNCEMENT = 'no admin account yet: setup link'

// A 256-bit token as auth.NewToken writes it (base64url, 43 characters),
// standing alone: sessions, setup and invitation links all use it.
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g

export interface AuditResult {
  problems: string[]
  logFiles: number
  lines: number
  secrets: number
}

function mask(s: string): string {
  return s.length <= 6 ? '***' : `${s.slice(0, 3)}…(${String(s.length)})`
}

export function auditLogs(dir: string): AuditResult {
  const files = readdirSync(dir)
  const secrets = new Map<string, SecretKind>()
  for (const f of files.filter((n) => n.startsWith('secrets-'))) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line === '') continue
      const { kind, value } = JSON.parse(line) as { kind: SecretKind; value: string }
      // Very short values would match by accident; no test password or token is that short.
      if (value.length >= 8) secrets.set(value, kind)
    }
  }
  const problems: string[] = []
  let lines = 0
  const logs = files.filter((n) => n.endsWith('.log'))
  for (const f of logs) {
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        lines++
        const where = `${f}:${String(i + 1)}`
        const announcement = line.includes(SETUP_ANNOUNCEMENT)
        if (line.includes('$argon2id$')) problems.push(`${where}: a password hash`)
        for (const [value, kind] of secrets) {
          if (!line.includes(value)) continue
          if (announcement && kind === 'token' && line.includes(`/admin?setup=${value}`)) continue
          problems.push(`${where}: a ${kind} (${mask(value)})`)
        }
        for (const m of line.matchAll(TOKEN_SHAPE)) {
          if (announcement && line.includes(`/admin?setup=${m[0]}`)) continue
          if (!secrets.has(m[0])) problems.push(`${where}: something shaped like a token (${mask(m[0])})`)
        }
      })
  }
  return { problems, logFiles: logs.length, lines, secrets: secrets.size }
}
