/**
 * What the server says about a stream EventSource gave up on, which EventSource hides, so it is
 * asked again with HEAD under the same limits: its status (0 when it cannot be reached) and how long
 * to wait before the next stream, in ms (the Retry-After of a refused one: 429 too many from this
 * address, 503 too many in all; else 0).
 */
export async function probe(url: string): Promise<{ status: number; wait: number }> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return { status: res.status, wait: (Number(res.headers.get('Retry-After')) || 0) * 1000 }
  } catch {
    return { status: 0, wait: 0 }
  }
}

/** The server refused a stream for its limits (429 from this address, 503 in all). */
export const refused = (status: number) => status === 429 || status === 503
