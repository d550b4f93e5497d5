// Runs first in the server's render bundle (entry-server.tsx): the URLSearchParams polyfill finds the
// global object by the name `global` (Node) or `window`, which the server's JS engine does not define.
;(globalThis as { global?: unknown }).global ??= globalThis
