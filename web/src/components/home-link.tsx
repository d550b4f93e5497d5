import { House } from 'lucide-react'
import { Link } from './link'
import { headerIconClass } from './styles'

/** The header's way back to the calculator, shown on the other pages (loaded with them, not on the calculator's route). */
export function HomeLink() {
  return (
    <Link href="/" className={headerIconClass} aria-label="Rechner" title="Rechner">
      <House className="size-6" aria-hidden="true" />
    </Link>
  )
}
