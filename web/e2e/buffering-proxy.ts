// A reverse proxy on loopback that holds event streams back until the server ends them, as a proxy
// with response buffering does: the Go program internal/proxytest/cmd/buffering-proxy, built from
// this repository (go-program.ts).
import { GoProgram } from './go-program'

export class BufferingProxy {
  private constructor(private readonly program: GoProgram) {}

  /** The proxy's own URL. */
  get url(): string {
    return this.program.announced
  }

  /** Starts the proxy in front of `upstream` (http://127.0.0.1:PORT) and waits for its own URL. */
  static async start(upstream: string): Promise<BufferingProxy> {
    return new BufferingProxy(
      await GoProgram.start('./internal/proxytest/cmd/buffering-proxy', ['--upstream', upstream], 'url'),
    )
  }

  stop(): Promise<void> {
    return this.program.stop()
  }
}
