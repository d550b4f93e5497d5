// A real OpenID provider on loopback for the browser tests: the Go program
// internal/oidctest/cmd/oidc-testprovider (zitadel's OpenID-certified op with
// the test users of oidctest.Standard), built with `go build` from this
// repository; nothing is downloaded at run time beyond Go modules.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const repo = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

/** The test users (internal/oidctest/serve.go, Standard). */
export const PROVIDER_USERS = {
  admin: { username: 'admin', password: 'admin-pw', email: 'admin@schule.de' },
  teacher: { username: 'lehrer', password: 'lehrer-pw', email: 'lehrer@schule.de' },
  otherSchool: { username: 'fremd', password: 'fremd-pw', email: 'jemand@andere-schule.de' },
} as const

let built: Promise<string> | undefined

/** Builds the provider once per worker (Go's build cache makes later builds quick). */
function build(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notenrechner-oidc-'))
    const binary = join(dir, 'oidc-testprovider')
    await run('go', ['build', '-o', binary, './internal/oidctest/cmd/oidc-testprovider'], { cwd: repo })
    process.once('exit', () => {
      rmSync(dir, { recursive: true, force: true })
    })
    return binary
  })()
  return built
}

export class OidcProvider {
  readonly secret = `geheim-${String(Math.random()).slice(2)}`
  issuer = ''
  private process?: ChildProcess

  /** Starts the provider for one client whose callback is `redirectURI`, and waits for its issuer URL. */
  static async start(redirectURI: string): Promise<OidcProvider> {
    const p = new OidcProvider()
    const binary = await build()
    const child = spawn(binary, ['--redirect-uri', redirectURI], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NOTENRECHNER_OIDC_CLIENT_SECRET: p.secret },
    })
    p.process = child
    let log = ''
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    p.issuer = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const issuer = /^issuer=(\S+)$/m.exec(out)?.[1]
        if (issuer !== undefined) done(issuer)
      })
      child.once('exit', (code) => {
        fail(new Error(`oidc-testprovider exited with ${String(code)}:\n${log}`))
      })
    })
    return p
  }

  async stop(): Promise<void> {
    const proc = this.process
    if (proc?.exitCode !== null) return
    const exited = new Promise((r) => proc.once('exit', r))
    proc.kill('SIGTERM')
    await exited
  }
}
