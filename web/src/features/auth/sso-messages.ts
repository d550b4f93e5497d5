// The German text for each code the server sends back to the sign-in card after a failed sign-in
// at the school's identity provider (/admin?sso_error=<code>; the codes are in
// internal/server/errors.go and docs/operations.md). `name` is the provider's (--oidc-name).

const refused = (name: string, why: string) => `Die Anmeldung mit ${name} wurde abgelehnt: ${why}`

const MESSAGES: Record<string, (name: string) => string> = {
  unavailable: (name) => `${name} ist gerade nicht erreichbar. Bitte später erneut versuchen.`,
  denied: (name) => `Die Anmeldung mit ${name} wurde abgebrochen.`,
  provider: (name) => `${name} hat die Anmeldung nicht abgeschlossen. Bitte erneut versuchen.`,
  state: () => 'Die Anmeldung ist abgelaufen oder wurde schon benutzt. Bitte erneut anmelden.',
  token: (name) => `Die Antwort von ${name} war ungültig. Bitte erneut versuchen oder die Schul-IT fragen.`,
  email_unverified: (name) => refused(name, `${name} hat keine bestätigte E-Mail-Adresse übermittelt.`),
  email_refused: (name) =>
    refused(
      name,
      `Die E-Mail-Adresse bei ${name} enthält unsichtbare oder nicht zulässige Sonderzeichen. Bitte die Schul-IT fragen.`,
    ),
  domain: (name) => refused(name, 'Diese E-Mail-Adresse gehört nicht zu den zugelassenen Domains.'),
  no_account: (name) =>
    refused(
      name,
      'Für diese E-Mail-Adresse gibt es hier kein Konto. Ein Admin kann es unter Verwaltung → Konten anlegen.',
    ),
  email_conflict: (name) =>
    refused(
      name,
      'Ein anderes Konto hat diese E-Mail-Adresse in anderer Schreibweise (etwa ss statt ß). Ein Admin kann das unter Verwaltung → Konten klären.',
    ),
  no_group: (name) => refused(name, 'Das Konto gehört zu keiner Gruppe, die den Notenrechner nutzen darf.'),
  linked_elsewhere: (name) =>
    refused(name, `Das Konto mit dieser E-Mail-Adresse gehört zu einer anderen Person bei ${name}.`),
  other_school: (name) =>
    refused(
      name,
      `Das Konto bei ${name} gehört zu einer anderen Schule. Bitte unter der Adresse der eigenen Schule anmelden.`,
    ),
  internal: () =>
    'Die Anmeldung ist wegen eines internen Fehlers fehlgeschlagen. Bitte später erneut versuchen.',
}

/** The message for a code; a code this page does not know still gets a German sentence. */
export function ssoErrorMessage(code: string, name: string): string {
  // Own members only: the code comes from the address, and `__proto__` or `constructor` are members too.
  const message = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined
  return (message ?? ((n: string) => `Die Anmeldung mit ${n} ist fehlgeschlagen. Bitte erneut versuchen.`))(
    name,
  )
}
