import { ADMIN, boundaryField, expect, signIn, test } from './fixtures'

// A keyboard user's focus stays where the work goes on: the controls of the editor's foot that a save
// or a discard makes unavailable for a moment are never disabled under the focus (the browser would drop
// it to the page's body, and a screen reader start over at the top).

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('the focus stays on „Speichern“ through a save and on „Änderungen verwerfen“ after a discard', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await boundaryField(page, 1).fill('90')
  const save = page.getByRole('button', { name: 'Speichern' })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
  await expect(save).toBeFocused()
  await boundaryField(page, 1).fill('91')
  const discard = page.getByRole('button', { name: 'Änderungen verwerfen' })
  await discard.focus()
  await page.keyboard.press('Enter')
  await expect(boundaryField(page, 1)).toHaveValue('90')
  await expect(discard).toBeFocused()
  await expect(discard).toHaveAttribute('aria-disabled', 'true')
})
