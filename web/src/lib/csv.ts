// CSV files for spreadsheet programs, made in the browser (the Notenspiegel, the Zeugnisnoten of a class):
// cells that cannot start a formula, semicolons as German Excel expects, UTF-8 with a byte order mark.

// Where a spreadsheet program may start a cell: at the start, and after every comma, semicolon, tab
// or line break, since a program may split on any of them ("Max,=1+1" is one cell here but two for one
// that splits on commas). Before it reads the cell, a program may drop white space of any kind (also
// the no-break space) and invisible format characters (zero-width space, byte order mark), so those
// are skipped too. The lookahead takes the character after them.
const CELL_START = /(^|[,;\t\r\n])((?:(?![\t\r\n])[\p{White_Space}\p{Cf}])*)(?=([^]))/gu

/**
 * Whether a cell that starts with `first` may be read as a formula: OWASP's CSV injection list (= + -
 * @, tab, carriage return, line feed) and NUL. The formula signs count in every form whose Unicode
 * compatibility normalization (NFKC) begins with one of them (the full-width ＝ ＋ － ＠ that a
 * Japanese or Chinese keyboard types, the small and the superscript forms), and so does the minus
 * sign U+2212.
 */
function startsFormula(first: string): boolean {
  return /^[=+\-@\t\r\n\0\u2212]/.test(first.normalize('NFKC'))
}

/**
 * Puts ' before a cell that may start a formula (OWASP's CSV injection advice), after the white space
 * and invisible characters in front of it, wherever a spreadsheet might start a cell.
 */
export function defuseFormulas(value: string): string {
  return value.replace(CELL_START, (match, separator: string, blank: string, first: string) =>
    startsFormula(first) ? `${separator}${blank}'` : match,
  )
}

/**
 * A grade as a cell that German spreadsheet programs keep as text: a trailing "-" ("2-") reads there as a
 * negative number (−2), so the hyphen becomes the minus sign U+2212, which looks the same and is no number.
 */
export const gradeCell = (grade: string): string => grade.replace(/-$/, '\u2212')

/** A CSV cell: defused, then quoted when it holds ; " or a line break. */
function csvCell(value: string): string {
  const safe = defuseFormulas(value)
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as a CSV file: semicolons, CRLF, UTF-8 with a byte order mark, every cell defused and quoted as needed. */
export function csvText(rows: string[][]): string {
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n'
}
