import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RUN_DIR_ENV } from './log-audit'

// One directory per run for the servers' logs and the secrets the tests
// used; workers inherit the variable.
export default function globalSetup(): void {
  process.env[RUN_DIR_ENV] = mkdtempSync(join(tmpdir(), 'notenrechner-e2e-run-'))
  // The browser tests read the original Standard's table ("über 85 bis 89,9995"), as an installation from
  // before the grading systems still has it; a new installation's own start is checked in systems.spec.ts.
  process.env.NOTENRECHNER_FIRST_PRESET = 'standard'
}
