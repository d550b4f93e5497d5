import { expect, test } from './fixtures'

test('the header links between calculator and admin, which asks to sign in', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Notenrechner' })).toBeVisible()
  await page.getByRole('link', { name: 'Verwaltung', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Rechner', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
})

test('/admin opened directly loads its chunk', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('link', { name: 'Rechner', exact: true })).toBeVisible()
  await expect(page.getByLabel('E-Mail')).toBeVisible()
})
