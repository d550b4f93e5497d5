// A real OpenID provider on loopback for the browser tests: the Go program
// internal/oidctest/cmd/oidc-testprovider (zitadel's OpenID-certified op with
// the test users of oidctest.Standard), built from this repository
// (go-program.ts); nothing is downloaded at run time beyond Go modules.
import { GoProgram } from './go-program'

/** The test users (internal/oidctest/serve.go, Standard). */
export const PROVIDER_USERS = {
  admin: { username: 'admin', password: 'admin-pw', email: 'admin@schule.de' },
  teacher: { username: 'lehrer', password: 'lehrer-pw', email: 'lehrer@schule.de' },
  otherSchool: { username: 'fremd', password: 'fremd-pw', email: 'jemand@andere-schule.de' },
} as const

export class OidcProvider {
  private constructor(
    private readonly program: GoProgram,
    /** The client secret the provider knows; the server gets it from NOTENRECHNER_OIDC_CLIENT_SECRET. */
    readonly secret: string,
  ) {}

  /** The provider's issuer URL. */
  get issuer(): string {
    return this.program.announced
  }

  /** Starts the provider for one client whose callback is `redirectURI`, and waits for its issuer URL. */
  static async start(redirectURI: string): Promise<OidcProvider> {
    const secret = `geheim-${String(Math.random()).slice(2)}`
    const program = await GoProgram.start(
      './internal/oidctest/cmd/oidc-testprovider',
      ['--redirect-uri', redirectURI],
      'issuer',
      { ...process.env, NOTENRECHNER_OIDC_CLIENT_SECRET: secret },
    )
    return new OidcProvider(program, secret)
  }

  stop(): Promise<void> {
    return this.program.stop()
  }
}
