import * as v from 'valibot'
import { readGradingConfig, readLiveConfig, type GradingConfig, type LiveConfig } from './config'

// The checks of config.ts as valibot schemas, for the calls that check their answers with valibot
// (api-client.ts's json, the admin's api/). Kept apart from config.ts so that valibot stays off the
// calculator route (docs/benchmarks.md); the check itself is the one in config.ts.

const fromReader = <T>(read: (x: unknown) => T | null) =>
  v.pipe(
    v.custom<T>((x) => read(x) !== null, 'not a configuration'),
    v.transform((x) => read(x) as T),
  )

export const gradingConfigSchema = fromReader<GradingConfig>(readGradingConfig)
export const liveConfigSchema = fromReader<LiveConfig>(readLiveConfig)
