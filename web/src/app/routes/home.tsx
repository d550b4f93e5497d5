import { Calculator } from '@/features/calculator/components/calculator'

export function HomeRoute() {
  return <Calculator />
}
