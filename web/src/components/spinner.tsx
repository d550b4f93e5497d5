interface SpinnerProps {
  /** The accessible name, e.g. "Konfiguration wird geladen". */
  label: string
}

/** The 96 px loading indicator (docs/spec.md §7), centred in its container. */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="flex justify-center py-12">
      <div role="status" aria-label={label} className="flex size-24 flex-col items-center justify-center">
        <svg
          className="size-24 motion-safe:animate-spin text-green-700 dark:text-green-400"
          viewBox="0 0 96 96"
          fill="none"
          aria-hidden="true"
        >
          <circle cx="48" cy="48" r="40" stroke="currentColor" strokeOpacity="0.2" strokeWidth="8" />
          <path d="M48 8a40 40 0 0 1 40 40" stroke="currentColor" strokeWidth="8" strokeLinecap="round" />
        </svg>
      </div>
    </div>
  )
}
