import { readOriginal, readRule, type ScaleDocument, type WrittenDocument } from './config'

// The writer of documents, apart from their readers (config.ts): the page reads documents on its
// first render, so the readers are part of the route's first download (its budget:
// docs/benchmarks.md); only the admin and the live connection, which load later, write them.

/**
 * The document in the shape the server wrote it (the kind `widths` in the original's), with the members
 * in the order of the readers (config.ts), which are the server's (internal/grading/document.go): a document
 * read from the server is written back as the same JSON. The one writer of what the admin sends (PUT,
 * POST /scales) and of the copy the page keeps.
 */
export const writeDocument = ({ rule: { kind, system, ...r }, ...doc }: ScaleDocument) =>
  (kind === 'widths'
    ? readOriginal({ ...doc, ...r })
    : readRule({ ...doc, system, rule: { kind, ...r } })) as WrittenDocument
