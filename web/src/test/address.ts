/**
 * Puts the page at path in jsdom's own history, where the app reads and changes its address
 * (lib/location.ts); test/setup.ts puts it back at / after each test. `location()` tells where the
 * app went, `added()` how many history entries it added (a navigation with replace adds none).
 */
export function startAt(path: string) {
  window.history.pushState(null, '', path) // a new last entry: no forward entries an earlier test left
  const length = window.history.length
  return {
    location: () => ({ pathname: window.location.pathname, search: window.location.search }),
    added: () => window.history.length - length,
  }
}
