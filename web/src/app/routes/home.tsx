import { lazy } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Calculator } from '@/features/calculator/components/calculator'

// The Zeugnisnote is a feature of its own; its code is not part of the route's first download,
// which has a budget (docs/benchmarks.md).
const ZeugnisSection = lazy(() => import('@/features/zeugnis/components/zeugnis-section'))

export function HomeRoute() {
  return (
    <Calculator
      tools={(config, key) => (
        <LazyPart browserOnly>
          <ZeugnisSection config={config} systemId={key.system} />
        </LazyPart>
      )}
    />
  )
}
