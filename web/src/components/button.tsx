import type { ComponentProps } from 'react'

type Variant = 'primary' | 'secondary' | 'danger' | 'link'

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ' +
  'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:focus-visible:ring-green-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900 ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

const variants: Record<Variant, string> = {
  primary: 'bg-green-700 text-white hover:bg-green-800',
  secondary:
    'border border-slate-300 dark:border-slate-700 bg-white dark:bg-slate-900 text-slate-800 dark:text-slate-100 hover:bg-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:ring-red-700',
  link: 'min-h-0 px-1 text-green-800 dark:text-green-300 underline underline-offset-2 hover:text-green-900 dark:hover:text-green-200',
}

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim()
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant
}

/** A button in one of the product's styles; type="button" unless told otherwise. */
export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}
