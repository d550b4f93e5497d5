// The repository's own Go test programs for the browser tests (the OpenID provider, the buffering
// proxy): each is built once per worker with `go build` (Go's build cache makes later builds quick),
// started on loopback, and announces its address as one `name=value` line on stdout.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { promisify } from 'node:util'

const repo = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const built = new Map<string, Promise<string>>()

/** Builds the program of package pkg (e.g. ./internal/proxytest/cmd/buffering-proxy) once per worker. */
function build(pkg: string): Promise<string> {
  let binary = built.get(pkg)
  if (binary === undefined) {
    binary = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'notenrechner-go-'))
      const file = join(dir, basename(pkg))
      await run('go', ['build', '-o', file, pkg], { cwd: repo })
      process.once('exit', () => {
        rmSync(dir, { recursive: true, force: true })
      })
      return file
    })()
    built.set(pkg, binary)
  }
  return binary
}

/** A running test program; stop() ends it. */
export class GoProgram {
  private constructor(
    private readonly child: ChildProcess,
    /** The value of the line `name=value` the program announced. */
    readonly announced: string,
  ) {}

  /** Builds and starts pkg with args, and waits for its line `name=…` on stdout. */
  static async start(pkg: string, args: string[], name: string, env?: NodeJS.ProcessEnv): Promise<GoProgram> {
    const child = spawn(await build(pkg), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ?? process.env,
    })
    let log = ''
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const line = new RegExp(`^${name}=(\\S+)$`, 'm')
    const value = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const found = line.exec(out)?.[1]
        if (found !== undefined) done(found)
      })
      child.once('exit', (code) => {
        fail(new Error(`${basename(pkg)} exited with ${String(code)}:\n${log}`))
      })
    })
    return new GoProgram(child, value)
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return
    const exited = new Promise((r) => this.child.once('exit', r))
    this.child.kill('SIGTERM')
    await exited
  }
}
