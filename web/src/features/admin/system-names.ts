import { systemData } from '@/lib/systems'

/** A system's name on the page (internal/grading/system.go, through lib/systems.gen.ts); an unknown id as it is. */
export const systemName = (id: string): string => systemData(id)?.name ?? id
