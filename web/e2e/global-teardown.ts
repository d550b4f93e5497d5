import { rmSync } from 'node:fs'
import { auditLogs, runDir } from './log-audit'

// Fails the run when any log line of any server or command holds a secret.
export default function globalTeardown(): void {
  const dir = runDir()
  if (dir === undefined) throw new Error('log audit: no run directory (global setup did not run)')
  const { problems, logFiles, lines, secrets } = auditLogs(dir)
  if (logFiles === 0) throw new Error(`log audit: no server log was captured in ${dir}`)
  if (problems.length > 0) {
    throw new Error(`log audit: secrets in the logs (kept in ${dir}):\n  ${problems.join('\n  ')}`)
  }
  console.log(
    `log audit: ${String(lines)} lines of ${String(logFiles)} logs hold none of ${String(secrets)} secrets used`,
  )
  rmSync(dir, { recursive: true, force: true })
}
