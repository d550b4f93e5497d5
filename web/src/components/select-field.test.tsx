import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SelectField } from './select-field'

const options = (
  <>
    <option value="user">Benutzer</option>
    <option value="admin">Admin</option>
  </>
)

describe('SelectField', () => {
  it('is named by its visible label and reports the choice', async () => {
    const onChange = vi.fn<(value: string) => void>()
    render(
      <SelectField
        label="Rolle"
        defaultValue="user"
        onChange={(e) => {
          onChange(e.target.value)
        }}
      >
        {options}
      </SelectField>,
    )
    const select = screen.getByRole('combobox', { name: 'Rolle' })
    expect(screen.getByText('Rolle')).toBeVisible()
    expect(select).not.toHaveAttribute('aria-invalid')
    await userEvent.setup().selectOptions(select, 'Admin')
    expect(onChange).toHaveBeenCalledWith('admin')
  })

  it('links its error and marks itself invalid', () => {
    render(
      <SelectField label="Rolle" error="Rolle muss admin oder user sein.">
        {options}
      </SelectField>,
    )
    const select = screen.getByRole('combobox', { name: 'Rolle' })
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription('Rolle muss admin oder user sein.')
  })

  it('keeps a hidden label as its name (a select in a row)', () => {
    render(
      <SelectField label="Rolle von anna@schule.de" hideLabel>
        {options}
      </SelectField>,
    )
    expect(screen.getByRole('combobox', { name: 'Rolle von anna@schule.de' })).toBeInTheDocument()
    expect(screen.getByText('Rolle von anna@schule.de')).toHaveClass('sr-only')
  })
})
