import type { GradingConfig } from '@/lib/config'
import documents from './presets.json'

// The editor's starting points. presets.json is the one source: web/presets_test.go checks each
// document against the Go validator (the one that decides what may be saved), and the tests here
// check it against the TypeScript copy of the rules.

export interface Preset {
  id: 'standard' | 'ihk'
  label: string
  config: GradingConfig
}

export const PRESETS: readonly Preset[] = [
  { id: 'standard', label: 'Standard (85/70/55/40/20)', config: documents.standard },
  { id: 'ihk', label: 'IHK (92/81/67/50/30)', config: documents.ihk },
]
