import { lazy } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Calculator } from '@/features/calculator/components/calculator'

// The tools (the Zeugnisnote, the Abitur average) are features of their own; their code is not part of
// the route's first download, which has a budget (docs/benchmarks.md).
const HomeTools = lazy(() => import('./home-tools'))

export function HomeRoute() {
  return (
    <Calculator
      tools={(config, key) => (
        <LazyPart browserOnly>
          <HomeTools config={config} systemId={key.system} />
        </LazyPart>
      )}
    />
  )
}
