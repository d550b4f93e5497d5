#!/usr/bin/env python3
"""Writes approval.json: which step of a school's approval rule applies to a test (docs/spec.md §11).

Independent of the Go and TypeScript code: the shares are Python Fractions, compared as the norms
word them. "mehr als ein Drittel" is a share strictly above 1/3 (4 of 9, not 3 of 9); "ein Drittel
oder mehr" is a share of at least 1/3 (3 of 9). The last step that applies is the answer; with no
graded test none applies. The shapes are those of the rules in internal/school/rules.go (by the
Land that has each), and every count of failing tests from 0 to the number of graded ones.

    python3 testdata/school/approval.py > testdata/school/approval.json
"""
import json
from fractions import Fraction

SHAPES = {
    "HE": [(Fraction(1, 3), False), (Fraction(1, 2), False)],
    "NI": [(Fraction(3, 10), False)],
    "BE": [(Fraction(1, 3), False)],
    "RP": [(Fraction(1, 3), True)],
    "MV": [(Fraction(1, 2), False)],
}
GRADED = list(range(0, 16)) + [20, 24, 27, 30, 33]


def step_of(steps, graded, failing):
    if graded == 0:
        return None
    share = Fraction(failing, graded)
    found = None
    for i, (bound, at_least) in enumerate(steps):
        if share >= bound if at_least else share > bound:
            found = i
    return found


cases = []
for shape, steps in SHAPES.items():
    for graded in GRADED:
        for failing in range(0, graded + 1):
            cases.append({"shape": shape, "graded": graded, "failing": failing, "step": step_of(steps, graded, failing)})

doc = {
    "shapes": {k: [{"over": [b.numerator, b.denominator], "atLeast": a} for b, a in v] for k, v in SHAPES.items()},
    "cases": cases,
}
lines = ['{', '  "shapes": ' + json.dumps(doc["shapes"], ensure_ascii=False) + ',', '  "cases": [']
lines += ['    ' + json.dumps(c) + (',' if i < len(cases) - 1 else '') for i, c in enumerate(cases)]
lines += ['  ]', '}']
print('\n'.join(lines))
