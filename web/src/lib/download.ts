// Files made in the browser (the Notenspiegel's and the Zeugnisnoten's CSV): saved by the browser,
// never sent anywhere.

/** Starts the download of a file made in the browser. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 1000)
}
