import type { DocumentOf, Rule, ScaleDocument } from '@/lib/config'

/**
 * Whether a document's rule is of one of the kinds: the admin's forms each edit some kinds (the
 * original's form the widths, the rule form a table or the formula), whatever shape the server wrote.
 */
export const isOfKind = <K extends Rule['kind']>(
  doc: ScaleDocument,
  kinds: readonly K[],
): doc is DocumentOf<K> => (kinds as readonly Rule['kind'][]).includes(doc.rule.kind)
