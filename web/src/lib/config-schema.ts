import * as v from 'valibot'
import { readLiveConfig, type LiveConfig } from './config'

/**
 * A version as a valibot schema, for the answers checked with valibot off the calculator route (the
 * admin's, an error's `current`): it reads with lib/config.ts's reader, so there is one definition of
 * what a version is; Zeugnisnote settings it cannot read fail the answer here.
 */
export const liveConfigSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = readLiveConfig(dataset.value)
    // the calculator's reader leaves out settings it cannot read; an admin's answer must have them right
    const raw = (dataset.value as { config?: { zeugnis?: unknown } } | null)?.config
    if (read !== null && (raw?.zeugnis === undefined || read.config.zeugnis !== undefined)) return read
    addIssue({ message: 'not a configuration version' })
    return NEVER
  }),
) satisfies v.GenericSchema<unknown, LiveConfig>
