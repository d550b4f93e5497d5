import { add, cmp, div, mul, rational, sub, type Rational } from '@/lib/rational'
import { decimal, fixedTwo } from './working'

/** What a system decides: its range, its proposal step, and which way is better. */
export interface SystemRules {
  lo: Rational
  hi: Rational
  step: Rational
  higherBetter: boolean
}

/** The largest multiple of step not above x. */
function floorTo(x: Rational, step: Rational): Rational {
  const q = div(x, step)
  let n = q.n / q.d // truncates towards zero; floor below
  if (q.n < 0n && n * q.d !== q.n) n -= 1n
  return mul(rational(n), step)
}

/** Cuts a number to two decimals towards zero: 2,6666… is 2,66. */
export function cutTwo(x: Rational): Rational {
  return rational((x.n * 100n) / x.d, 100n)
}

/**
 * The proposal of docs/spec.md §9 for the cut-off average: the nearest multiple of the step, the middle to
 * the better (or the worse) neighbour; borderline within a tenth of a step of that middle. An average
 * outside the system's range (1+ alone is 0,70) is its best or worst grade, and no middle is named: the
 * number beyond the end (0) is no grade of the system. `sentences` is the working of these steps.
 */
export function propose(
  cut: Rational,
  r: SystemRules,
  worse: boolean,
): { proposal: Rational; borderline: boolean; sentences: string[] } {
  if (cmp(cut, r.lo) < 0 || cmp(cut, r.hi) > 0) {
    const below = cmp(cut, r.lo) < 0
    const end = below ? r.lo : r.hi
    const best = below !== r.higherBetter // below 1 in de, above 15 in np
    const words = best ? 'besser als X, die beste Note' : 'schlechter als X, die schlechteste Note'
    return {
      proposal: end,
      borderline: false,
      sentences: [`${fixedTwo(cut)} ist ${words.replace('X', decimal(end))}: Vorschlag ${decimal(end)}.`],
    }
  }
  const lower = floorTo(cut, r.step)
  const upper = add(lower, r.step)
  const middle = add(lower, div(r.step, rational(2n)))
  const [better, worseOne] = r.higherBetter ? [upper, lower] : [lower, upper]
  const c = cmp(cut, middle)
  const sentences: string[] = []
  const between = `${decimal(lower)} und ${decimal(upper)}`
  let proposal: Rational
  if (cmp(cut, lower) === 0) {
    proposal = lower
    sentences.push(`${fixedTwo(cut)} ist genau ${decimal(lower)}: Vorschlag ${decimal(lower)}.`)
  } else if (c !== 0) {
    proposal = c < 0 ? lower : upper
    const side = c < 0 ? 'unter' : 'über'
    sentences.push(
      `${fixedTwo(cut)} liegt ${side} der Mitte ${decimal(middle)} zwischen ${between}: Vorschlag ${decimal(proposal)}.`,
    )
  } else {
    proposal = worse ? worseOne : better
    const which = worse ? 'schlechtere' : 'bessere'
    sentences.push(
      `${fixedTwo(cut)} liegt genau auf der Mitte zwischen ${between}: Vorschlag die ${which} Note, ${decimal(proposal)}.`,
    )
  }
  // Inside the range both neighbours are grades of the system: lo and hi are multiples of every step.
  // Within a tenth of a step of the middle: 2,40–2,60 in de.
  const half = div(r.step, rational(10n))
  const distance = sub(cut, middle)
  const borderline = cmp(distance.n < 0n ? rational(-distance.n, distance.d) : distance, half) <= 0
  if (borderline) {
    sentences.push(
      `${fixedTwo(cut)} liegt höchstens ${decimal(half)} von der Mitte ${decimal(middle)} entfernt: ein Grenzfall, die Zeugnisnote entscheidet die Lehrkraft.`,
    )
  }
  return { proposal, borderline, sentences }
}
