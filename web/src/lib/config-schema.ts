import * as v from 'valibot'
import { readLiveConfig, type LiveConfig } from './config'
import { readFehlerSetting } from './fehler-setting'

/**
 * A version as a valibot schema, for the answers checked with valibot off the calculator route (the
 * admin's, an error's `current`): it reads with lib/config.ts's reader, so there is one definition of
 * what a version is; Zeugnisnote settings or a conversion of the Fehlerquotient it cannot read fail the answer here.
 */
export const liveConfigSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = readLiveConfig(dataset.value)
    // the calculator's reader leaves out settings it cannot read, and keeps the conversion of the
    // Fehlerquotient unread; an admin's answer must have both right, or a save would drop them
    const raw = (dataset.value as { config?: { zeugnis?: unknown; fehlerquotient?: unknown } } | null)?.config
    if (
      read !== null &&
      (raw?.zeugnis === undefined || read.config.zeugnis !== undefined) &&
      (raw?.fehlerquotient === undefined || readFehlerSetting(raw.fehlerquotient) !== null)
    )
      return read
    addIssue({ message: 'not a configuration version' })
    return NEVER
  }),
) satisfies v.GenericSchema<unknown, LiveConfig>
