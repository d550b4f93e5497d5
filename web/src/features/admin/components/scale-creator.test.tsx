import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScaleSummary } from '@/lib/scales'
import { writeDocument } from '@/lib/write-document'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { standardLiveConfig } from '@/test/live-config'
import { renderFeature } from '@/test/render'
import { SLUG_MESSAGES } from '../scale-slug'
import { ScaleCreator } from './scale-creator'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: testUser() }))
})

const scales: ScaleSummary[] = [
  {
    slug: 'mathematik',
    name: 'Mathematik',
    version: 4,
    savedAt: '2026-11-22T10:00:00Z',
    default: false,
    archived: false,
  },
  {
    slug: 'standard',
    name: 'Standard',
    version: 7,
    savedAt: '2026-11-21T09:30:00Z',
    default: true,
    archived: false,
  },
]
const boundary = (g: number) =>
  screen.getByRole('textbox', { name: `Grenze zwischen Note ${String(g)} und ${String(g + 1)}` })

async function setup() {
  const user = userEvent.setup()
  const onCreated = vi.fn()
  renderFeature(<ScaleCreator scales={scales} onCreated={onCreated} onCancel={() => undefined} />, {
    live: standardLiveConfig(7),
  })
  await user.click(screen.getByRole('radio', { name: 'Eigene Notengrenzen' }))
  return {
    user,
    onCreated,
    name: screen.getByRole('textbox', { name: 'Name' }),
    slug: screen.getByRole('textbox', { name: 'Kurzname' }),
  }
}

describe('ScaleCreator', () => {
  it('takes the focus when it opens: on the chosen start, for keyboard and screen reader users', () => {
    renderFeature(<ScaleCreator scales={scales} onCreated={vi.fn()} onCancel={() => undefined} />, {
      live: standardLiveConfig(7),
    })
    expect(screen.getByRole('radio', { name: 'Vorlage' })).toHaveFocus()
  })

  it("starts with the Standard's numbers and no name; the Kurzname follows the name; saves with POST /scales", async () => {
    const { user, onCreated, name, slug } = await setup()
    expect(name).toHaveValue('')
    expect(boundary(1)).toHaveValue('85')
    await user.type(name, 'Deutsch Oberstufe')
    expect(slug).toHaveValue('deutsch-oberstufe')
    api.on('POST /scales', json(201, { ...standardLiveConfig(1), savedBy: 'admin@schule.de' }))
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Notenschlüssel „Deutsch Oberstufe“ angelegt.')).toBeInTheDocument()
    expect(api.callsTo('POST /scales')[0]?.body).toEqual({
      slug: 'deutsch-oberstufe',
      config: { ...writeDocument(standardLiveConfig(1).config), name: 'Deutsch Oberstufe' },
    })
    expect(onCreated).toHaveBeenCalledWith('deutsch-oberstufe')
  })

  it('refuses a Kurzname that exists or breaks the rule before sending, and shows the server’s 409', async () => {
    const { user, name, slug } = await setup()
    await user.type(name, 'Mathematik')
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(SLUG_MESSAGES.taken) as string)
    await user.clear(slug)
    await user.type(slug, '-mathe')
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(SLUG_MESSAGES.invalid) as string)
    expect(api.callsTo('POST /scales')).toHaveLength(0)

    await user.clear(slug)
    await user.type(slug, 'mathe2')
    expect(name).toHaveValue('Mathematik') // typing the Kurzname leaves the name alone, and the name no longer moves it
    api.on(
      'POST /scales',
      apiError(409, 'scale_exists', 'Einen Notenschlüssel mit diesem Kurznamen gibt es schon.'),
    )
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(
      await screen.findByText('Einen Notenschlüssel mit diesem Kurznamen gibt es schon.'),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /scales')[0]?.body).toMatchObject({ slug: 'mathe2' })
  })

  it('fills the form from a copy of another scale, keeping a name already typed', async () => {
    const { user, name } = await setup()
    const copy = standardLiveConfig(4)
    copy.config = {
      ...copy.config,
      name: 'Mathematik',
      rule: {
        ...copy.config.rule,
        grades: { ...copy.config.rule.grades, '4': { min: 50, max: 55 }, '5': { min: 20, max: 50 } },
      },
    }
    api.on('GET /scales/mathematik', json(200, copy))
    await user.click(screen.getByRole('radio', { name: 'Kopie eines Notenschlüssels' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kopie von' }), 'mathematik')
    await user.click(screen.getByRole('button', { name: 'Formular füllen' }))
    expect(await screen.findByDisplayValue('Mathematik (Kopie)')).toBe(name)
    expect(boundary(4)).toHaveValue('50')

    await user.clear(name)
    await user.type(name, 'Physik')
    await user.click(screen.getByRole('radio', { name: 'Eigene Notengrenzen' }))
    await user.click(screen.getByRole('button', { name: 'Formular leeren' }))
    expect(name).toHaveValue('Physik')
    expect(boundary(4)).toHaveValue('')
  })

  it("maps the server's config.… field messages to the form's fields", async () => {
    const { user, name } = await setup()
    await user.type(name, 'Physik')
    api.on(
      'POST /scales',
      apiError(422, 'validation_failed', 'Der Notenschlüssel ist ungültig.', {
        fields: { 'config.grades.2.min': 'Vom Server abgelehnt.' },
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Vom Server abgelehnt.')).toBeInTheDocument()
    expect(boundary(2)).toHaveAttribute('aria-invalid', 'true')
  })
})
