// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for React 17;
// React 18+ has it built in, so vite.config.ts points the shim here and the calculator route does
// not carry a second implementation (0.4 KiB of its JS budget).
export { useSyncExternalStore } from 'react'
