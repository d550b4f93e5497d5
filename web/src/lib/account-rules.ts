import * as v from 'valibot'
import { codePointLength } from './text'

// The account rules the server also checks (docs/spec.md §5), with the server's German
// messages, for the forms of features/auth and features/admin. The list of common passwords is
// only on the server; its 422 message is shown at the same field.

export const MSG_REQUIRED = 'Pflichtfeld.'
export const MSG_EMAIL = 'Bitte eine gültige E-Mail-Adresse angeben.'
export const MSG_EMAIL_CHARS = 'Die E-Mail-Adresse enthält unsichtbare oder nicht zulässige Sonderzeichen.'
export const MSG_PASSWORD_SHORT = 'Mindestens 10 Zeichen.'
export const MSG_PASSWORD_LONG = 'Höchstens 256 Zeichen.'
export const MSG_PASSWORD_MISMATCH = 'Die Passwörter stimmen nicht überein.'
export const MSG_INVALID_CREDENTIALS = 'E-Mail oder Passwort ist falsch.'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_EMAIL = 254
export const MIN_PASSWORD = 10
export const MAX_PASSWORD = 256

/** A check that reports the first rule a value breaks, one message per field. */
function firstBroken<T>(rules: [ok: (v: T) => boolean, message: string][]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const broken = rules.find(([ok]) => !ok(dataset.value))
    if (broken !== undefined) addIssue({ message: broken[1] })
  })
}

// Control, format (bidi controls, zero-width characters, soft hyphen), private-use and lone surrogate
// code points: invisible, and a terminal obeys some of them. Then the rest of Unicode's default-ignorable
// code points (combining grapheme joiner, Hangul fillers, variation selectors) and the blank Braille
// pattern and the musical null notehead, which show nothing: "a\u034fb@" would pass for "ab@".
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u{1d159}]/u

/**
 * A character an email may not hold, as internal/auth (emailRuneRefused) decides: invisible ones, and
 * non-ASCII ones that lower-casing turns into ASCII ("İ", the Kelvin sign) or that compatibility
 * normalization changes (Kelvin, Ångström and Ohm signs, long s, ligatures, full-width forms). The
 * server lower-cases emails to compare them, so these would find another person's account.
 */
function refusedInEmail(ch: string): boolean {
  if (INVISIBLE.test(ch)) return true
  return ch.charCodeAt(0) >= 0x80 && (ch.normalize('NFKC') !== ch || /[\0-\x7f]/.test(ch.toLowerCase()))
}

/** The length the server counts: code points of the trimmed, lower-cased NFC form. */
function emailLength(s: string): number {
  return codePointLength(s.trim().toLowerCase().normalize('NFC'))
}

/** Whether every character of an email may stay (judged as typed, never on a lower-cased form). */
function emailCharsAllowed(s: string): boolean {
  for (const ch of s) if (refusedInEmail(ch)) return false
  return true
}

/**
 * An email as the server accepts it: trimmed, user@host.tld, at most 254 characters, none of them
 * invisible or a special form of a letter. testdata/auth/emails.json holds the cases both agree on.
 */
export const emailSchema = v.pipe(
  v.string(),
  firstBroken<string>([
    [(s) => s.trim() !== '', MSG_REQUIRED],
    [(s) => EMAIL.test(s.trim()) && emailLength(s) <= MAX_EMAIL, MSG_EMAIL],
    [(s) => emailCharsAllowed(s.trim()), MSG_EMAIL_CHARS],
  ]),
)

/** A new password: 10 to 256 code points, no composition rules. */
export const newPasswordSchema = v.pipe(
  v.string(),
  firstBroken<string>([
    [(s) => codePointLength(s) >= MIN_PASSWORD, MSG_PASSWORD_SHORT],
    [(s) => codePointLength(s) <= MAX_PASSWORD, MSG_PASSWORD_LONG],
  ]),
)

/** Any non-empty text (a password to check, an email to sign in with). */
export const requiredSchema = v.pipe(v.string(), v.minLength(1, MSG_REQUIRED))

/** "The repeat must equal the new password", the message of the repeat field; null when it does. */
export function repeatMessage(password: string, repeat: string): string | null {
  return password === repeat ? null : MSG_PASSWORD_MISMATCH
}
