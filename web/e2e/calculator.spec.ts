import { expect, test, withoutPageConfig } from './fixtures'

test('typing points shows percentage and grade, clearing empties both', async ({ page }) => {
  await page.goto('/')
  const total = page.getByLabel('Gesamtpunktzahl', { exact: true })
  const achieved = page.getByLabel('Erreichte Punktzahl')
  const percentage = page.getByLabel('Erreichte Prozentzahl')
  const grade = page.getByLabel('Note', { exact: true })

  await total.fill('30')
  await achieved.fill('23')
  await expect(percentage).toHaveText('76,7%')
  await expect(grade).toHaveText('2')

  await total.fill('25')
  await achieved.fill('12,5')
  await expect(percentage).toHaveText('50,0%')
  await expect(grade).toHaveText('4+')

  await total.fill('11')
  await achieved.fill('11')
  await expect(percentage).toHaveText('100,0%')
  await expect(grade).toHaveText('1')

  await achieved.fill('12')
  await expect(percentage).toHaveText('109,1%')
  await expect(grade).toHaveText('1+')

  await achieved.fill('abc')
  await expect(percentage).toHaveText('')
  await expect(grade).toHaveText('')

  await achieved.fill('-3')
  await expect(percentage).toHaveText('-27,3%')
  await expect(grade).toHaveText('6')

  await total.fill('0')
  await expect(percentage).toHaveText('')
  await expect(grade).toHaveText('')
})

test('the page agrees with GET /api/v1/grade', async ({ page, request }) => {
  await page.goto('/')
  for (const [total, achieved] of [
    ['40', '26'],
    ['7', '3,5'],
    ['3', '1'],
    ['100', '85,0001'],
    ['.5', ',3'],
  ]) {
    await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill(total)
    await page.getByLabel('Erreichte Punktzahl').fill(achieved)
    const response = await request.get(
      `/api/v1/grade?total=${encodeURIComponent(total)}&achieved=${encodeURIComponent(achieved)}`,
    )
    const api = (await response.json()) as { percentage: string; grade: string }
    await expect(page.getByLabel('Erreichte Prozentzahl')).toHaveText(api.percentage)
    await expect(page.getByLabel('Note', { exact: true })).toHaveText(api.grade)
  }
})

test('a spinner of 96 px shows until the first configuration arrives (a page without one)', async ({
  page,
}) => {
  await withoutPageConfig(page)
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/v1/config/events', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const spinner = page.getByRole('status', { name: 'Konfiguration wird geladen' })
  await expect(spinner).toBeVisible()
  const box = await spinner.boundingBox()
  expect(box?.width).toBe(96)
  expect(box?.height).toBe(96)
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveCount(0)

  release()
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
  await expect(spinner).toHaveCount(0)
})
