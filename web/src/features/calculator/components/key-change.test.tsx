import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { KeyChange } from './key-change'

const v = (version: number) => standardLiveConfig(version)
const notice = () => screen.queryByRole('complementary', { name: 'Der Notenschlüssel wurde geändert' })

describe('KeyChange', () => {
  it('says nothing for the version shown first, and announces a new one from the version last acknowledged', async () => {
    const { rerender } = render(<KeyChange data={v(3)} />)
    rerender(<KeyChange data={v(3)} />) // the stream confirms the shown version
    expect(notice()).toBeNull()

    rerender(<KeyChange data={v(4)} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('jetzt Version 4')
    expect(notice()).toHaveTextContent('(vorher Version 3)')
    rerender(<KeyChange data={v(5)} />) // a second save before the teacher looked: still from 3
    expect(notice()).toHaveTextContent(/Jetzt gilt Version 5 .*\(vorher Version 3\)/)
    expect(notice()).toHaveTextContent('Die Bereiche der Noten sind gleich geblieben.')

    await userEvent.click(screen.getByRole('button', { name: 'Verstanden' }))
    expect(notice()).toBeNull()
    rerender(<KeyChange data={v(6)} />)
    expect(
      await screen.findByRole('complementary', { name: 'Der Notenschlüssel wurde geändert' }),
    ).toHaveTextContent('(vorher Version 5)')
  })
})
