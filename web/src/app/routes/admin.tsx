import { ConfigOverview } from '@/features/admin/components/config-overview'

/** Loaded on demand (React.lazy in the router), so the calculator's bundle stays small. */
export default function AdminRoute() {
  return <ConfigOverview />
}
