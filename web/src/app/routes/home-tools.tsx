import AbiturSection from '@/features/abitur/components/abitur-section'
import { SprachrichtigkeitSection } from '@/features/sprachrichtigkeit/components/sprachrichtigkeit-section'
import ZeugnisOfScale from '@/features/zeugnis/components/zeugnis-section'
import type { ScaleDocument } from '@/lib/config'

/**
 * The calculator's tools after the Notenspiegel, each a feature of its own: the Zeugnisnote, the
 * Sprachrichtigkeit (Fehlerquotient) and the Abitur average. One chunk, loaded after the first render; each tool's own code loads when opened.
 */
export default function HomeTools({ config, systemId }: { config: ScaleDocument; systemId: string }) {
  return (
    <>
      <ZeugnisOfScale config={config} systemId={systemId} />
      <SprachrichtigkeitSection setting={config.fehlerquotient} />
      <AbiturSection />
    </>
  )
}
