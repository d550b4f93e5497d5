import type { ReactNode } from 'react'

// The header's two icons on the calculator route, drawn as lucide draws them (lucide-react's calculator and settings-2; ISC licence; settings-2's few lines rather than the gear's long outline, for the budget). The header is on the calculator route, whose JS has a budget: lucide's icon
// factory costs about 1 KiB there, these two drawings a fraction of it. Icons elsewhere (all in
// lazily loaded parts) keep using lucide-react.

function Icon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}

export function CalculatorIcon({ className }: { className: string }) {
  return (
    <Icon className={className}>
      <rect width="16" height="20" x="4" y="2" rx="2" />
      <path d="M8 6h8M16 14v4M16 10h.01M12 10h.01M8 10h.01M12 14h.01M8 14h.01M12 18h.01M8 18h.01" />
    </Icon>
  )
}

export function SettingsIcon({ className }: { className: string }) {
  return (
    <Icon className={className}>
      <path d="M14 17H5M19 7h-9" />
      <circle cx="17" cy="17" r="3" />
      <circle cx="7" cy="7" r="3" />
    </Icon>
  )
}
