// A reverse proxy on loopback that holds event streams back until the server ends them, as a proxy
// with response buffering does: the Go program internal/proxytest/cmd/buffering-proxy, built with
// `go build` from this repository (as oidc-provider.ts builds the test provider).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const repo = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

let built: Promise<string> | undefined

/** Builds the proxy once per worker (Go's build cache makes later builds quick). */
function build(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notenrechner-proxy-'))
    const binary = join(dir, 'buffering-proxy')
    await run('go', ['build', '-o', binary, './internal/proxytest/cmd/buffering-proxy'], { cwd: repo })
    process.once('exit', () => {
      rmSync(dir, { recursive: true, force: true })
    })
    return binary
  })()
  return built
}

export class BufferingProxy {
  url = ''
  private process?: ChildProcess

  /** Starts the proxy in front of `upstream` (http://127.0.0.1:PORT) and waits for its own URL. */
  static async start(upstream: string): Promise<BufferingProxy> {
    const p = new BufferingProxy()
    const child = spawn(await build(), ['--upstream', upstream], { stdio: ['ignore', 'pipe', 'pipe'] })
    p.process = child
    let log = ''
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    p.url = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const url = /^url=(\S+)$/m.exec(out)?.[1]
        if (url !== undefined) done(url)
      })
      child.once('exit', (code) => {
        fail(new Error(`buffering-proxy exited with ${String(code)}:\n${log}`))
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
