// Starts the real binary (../bin/notenrechner, built by `make build`) with a
// temporary SQLite database on a free loopback port.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { appendLog, recordSecrets } from './log-audit'

const binary = resolve(import.meta.dirname, '../../bin/notenrechner')
const run = promisify(execFile)

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => {
        done(port)
      })
    })
  })
}

/** More for `serve`: flags, and environment variables (the OIDC client secret comes only from there). */
export interface ServerOptions {
  args?: string[]
  env?: Record<string, string>
}

export class TestServer {
  constructor(private readonly options: ServerOptions = {}) {}

  readonly dir = mkdtempSync(join(tmpdir(), 'notenrechner-e2e-'))
  readonly db = `sqlite:${join(this.dir, 'notenrechner.db')}`
  private process?: ChildProcess
  private log = ''
  private starts = 0
  port = 0

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort()
    const args = [
      'serve',
      '--addr',
      `127.0.0.1:${this.port}`,
      '--db',
      this.db,
      '--base-url',
      this.url,
      ...(this.options.args ?? []),
    ]
    this.process = spawn(binary, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...this.options.env },
    })
    const logName = `server-${String(process.pid)}-${String(this.port)}-${String(++this.starts)}`
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.log += chunk.toString()
      appendLog(logName, chunk.toString()) // for the log audit after the run (log-audit.ts)
    })
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`${this.url}/healthz`)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      if (this.process.exitCode !== null) break
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`notenrechner did not become healthy:\n${this.log}`)
  }

  async stop(): Promise<void> {
    const proc = this.process
    if (proc?.exitCode !== null) return
    const exited = new Promise((r) => proc.once('exit', r))
    proc.kill('SIGTERM')
    await exited
  }

  /**
   * While the server is stopped, answers every request on its port with `status`, as a reverse proxy does
   * while the server behind it restarts. EventSource gives up for good on such an answer.
   */
  async standIn(status: number): Promise<{ streamRequests: () => number; close: () => Promise<void> }> {
    let streamRequests = 0
    const stub = createHttpServer((req, res) => {
      if (req.url?.startsWith('/api/v1/config/events') === true) streamRequests++
      res.writeHead(status, { 'Content-Type': 'text/html' }).end('<h1>Bad Gateway</h1>')
    })
    await new Promise<void>((done) => stub.listen(this.port, '127.0.0.1', done))
    return {
      streamRequests: () => streamRequests,
      close: () =>
        new Promise<void>((done) => {
          stub.closeAllConnections()
          stub.close(() => {
            done()
          })
        }),
    }
  }

  /**
   * Runs `notenrechner config import` as a separate process on the same database file; with a scale,
   * `--scale SLUG` (which creates the scale when it does not exist).
   */
  async importConfig(document: unknown, scale?: string): Promise<string> {
    const file = join(this.dir, `import-${Date.now()}.json`)
    writeFileSync(file, JSON.stringify(document))
    const { stdout, stderr } = await run(binary, [
      'config',
      'import',
      '--db',
      this.db,
      ...(scale === undefined ? [] : ['--scale', scale]),
      file,
    ])
    appendLog(`cli-${String(process.pid)}-${String(this.port)}`, stdout + stderr)
    return stdout
  }

  /** Runs a command of the binary on the same database file (`--db` follows the command's words). */
  async cli(words: string[], flags: string[]): Promise<string> {
    const { stdout, stderr } = await run(binary, [...words, '--db', this.db, ...flags])
    appendLog(`cli-${String(process.pid)}-${String(this.port)}`, stdout + stderr)
    return stdout
  }

  /** Runs `notenrechner school set --land CODE` as a separate process on the same database file. */
  async setLand(code: string): Promise<string> {
    const { stdout, stderr } = await run(binary, ['school', 'set', '--db', this.db, '--land', code])
    appendLog(`cli-${String(process.pid)}-${String(this.port)}`, stdout + stderr)
    return stdout
  }

  /**
   * The first-admin setup link the server logged at start (slog text: `url="http://…/admin?setup=TOKEN"`;
   * slog quotes the value because it holds "="). Throws when the log has none.
   */
  setupLink(): string {
    const line = this.log.split('\n').findLast((l) => l.includes('/admin?setup='))
    const url = line === undefined ? undefined : /url="?([^"\s]+)"?/.exec(line)?.[1]
    if (url === undefined) throw new Error(`no setup link in the server's log:\n${this.log}`)
    recordSecrets('token', [new URL(url).searchParams.get('setup') ?? ''])
    return url
  }

  /** Runs `notenrechner admin create` as a separate process, the password on standard input. */
  async createAdmin(email: string, password: string, school?: string): Promise<string> {
    recordSecrets('password', [password])
    const schoolFlag = school === undefined ? [] : ['--school', school]
    return new Promise((done, fail) => {
      const child = spawn(binary, ['admin', 'create', '--db', this.db, '--email', email, ...schoolFlag], {
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.once('error', fail)
      child.once('exit', (code) => {
        appendLog(`cli-${String(process.pid)}-${String(this.port)}`, out)
        if (code === 0) done(out)
        else fail(new Error(`admin create exited with ${String(code)}:\n${out}`))
      })
      child.stdin.end(`${password}\n`)
    })
  }

  async dispose(): Promise<void> {
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}
