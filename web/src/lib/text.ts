/**
 * The length in Unicode code points, as the server counts names and passwords (Go's
 * utf8.RuneCountInString): an emoji is one, not two UTF-16 units.
 */
export function codePointLength(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i)
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    n++
  }
  return n
}
