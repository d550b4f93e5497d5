import { parseLiveConfig, type LiveConfig } from './config'

// The configuration the server puts into the page (web/page.go): a <script type="application/json">
// block, which is data and never runs (the CSP allows scripts from 'self' only). Read once at start,
// it lets the first render show the form and the table without waiting for the stream (issue 18).

/** The id of the block; the same as web.ConfigElementID on the server. */
export const EMBEDDED_CONFIG_ID = 'notenrechner-config'

/** The configuration in the page, checked like a stream event; undefined when there is none or it is unreadable. */
export function readEmbeddedConfig(doc: Document = document): LiveConfig | undefined {
  const text = doc.getElementById(EMBEDDED_CONFIG_ID)?.textContent
  if (!text) return undefined
  return parseLiveConfig(text) ?? undefined
}
