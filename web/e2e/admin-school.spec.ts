import { ADMIN, expect, signIn, test } from './fixtures'

// The school's Land (docs/spec.md §11): the admin chooses it under „Schule“ (grouped by country, with
// the rule and its source shown before saving) and saves it with a toast; anyone reads it back, with
// the rule, from GET /api/v1/school; „keins“ clears it.

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

interface School {
  land: string | null
  name?: string
  approval?: { source: string; url: string; steps: { over: number[] }[] }
}

test('the admin sets the school’s Land, anyone reads it with its rule, and „keins“ clears it', async ({
  page,
  browser,
  server,
}) => {
  const anyone = await browser.newContext({ baseURL: server.url })
  const read = async () => (await (await anyone.request.get('/api/v1/school')).json()) as School
  expect(await read()).toEqual({ land: null })

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Schule' }).click()
  const section = page.getByRole('region', { name: 'Schule' })
  const select = section.getByRole('combobox', { name: 'Bundesland / Kanton / Land der Schule' })
  await expect(select).toHaveValue('')
  await expect(section.getByText('Ohne Land nennt der Notenspiegel nur den Anteil.')).toBeVisible()
  await select.selectOption('HE')
  await expect(section.getByRole('link', { name: 'VOGSV § 34' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.rv\.hessenrecht\.hessen\.de\//,
  )
  await expect(
    section.getByText(/Sind mehr als die Hälfte der Arbeiten schlechter als ausreichend/),
  ).toBeVisible()
  await section.screenshot({ path: test.info().outputPath('school-1280.png') })
  // by keyboard: from the select to „Speichern“
  await select.focus()
  await page.keyboard.press('Tab')
  await expect(section.getByRole('button', { name: 'Speichern' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Land der Schule: Hessen.')).toBeVisible()

  const school = await read()
  expect(school).toMatchObject({ land: 'HE', name: 'Hessen', approval: { source: 'VOGSV § 34' } })
  expect(school.approval?.steps.map((s) => s.over)).toEqual([
    [1, 3],
    [1, 2],
  ])

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.getByRole('tab', { name: 'Schule' }).click()
  await expect(select).toHaveValue('HE')
  await select.selectOption('CH-ZH')
  await expect(section.getByText(/Keine kantonale Regel gefunden/)).toBeVisible()
  await section.screenshot({ path: test.info().outputPath('school-390.png') })
  await select.selectOption('')
  await section.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Kein Land der Schule eingestellt.')).toBeVisible()
  expect(await read()).toEqual({ land: null })
  await anyone.close()
})
