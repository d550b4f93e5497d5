import { startEarlyResult } from '@/features/calculator/early-result'

// A script of its own, loaded beside the app (vite.config.ts earlyResult): small, so that it runs long
// before the app and shows results for what is typed into the server's page meanwhile.
startEarlyResult()
