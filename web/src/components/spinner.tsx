interface SpinnerProps {
  /** The accessible name, e.g. "Konfiguration wird geladen". */
  label: string
}

/** The 96 px loading indicator (docs/spec.md §7), centred in its container. */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="flex justify-center py-12">
      <div role="status" aria-label={label} className="flex size-24 flex-col items-center justify-center">
        {/* a ring with a quarter in the brand colour, drawn by CSS (no SVG in the route's JS, which has a budget) */}
        <div
          aria-hidden="true"
          className="size-22 rounded-full border-8 border-green-700/20 border-t-green-700 motion-safe:animate-spin dark:border-green-400/20 dark:border-t-green-400"
        />
      </div>
    </div>
  )
}
