// Printing one part of the page on its own (the Notenspiegel for the class, the Zeugnisnote's table):
// the part is marked data-printing and the page data-print for the one print; index.css then leaves
// out everything else, and shows the part's print-only pieces (data-print-only). The marks go after
// the print, so the browser's own print prints the whole page as before.

/** Prints `part` alone. */
export function printPart(part: HTMLElement): void {
  const root = document.documentElement
  root.dataset.print = ''
  part.dataset.printing = ''
  const done = () => {
    delete root.dataset.print
    delete part.dataset.printing
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}
