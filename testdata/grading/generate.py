#!/usr/bin/env python3
"""Independent oracle for the shared grading vectors (docs/spec.md §3–§4, docs/decisions.md).

Run from anywhere:  python3 testdata/grading/generate.py

It reads configs/*.json (hand-written canonical documents) and writes, deterministically:
  cases.json            calculator cases: raw inputs -> expected percentage text and grade
  tables.json           the 16 table cells of every config (exact thresholds)
  invalid-configs.json  invalid documents with the exact field -> message map (written by hand in documents.py)
  alias-configs.json    valid documents (aliases, odd number forms) with their canonical form
  messages.json         every validation message, for the Go and the zod validators
  points-tables.json    Punkteschlüssel: per config, total and step the points range of each of the 16 bands
The validation documents and their expected field maps live in documents.py.

This file is deliberately written from the specification, not from the Go or TypeScript code:
exact arithmetic with fractions.Fraction, the grade rule transcribed from docs/spec.md §4, and no code
shared with internal/grading or web/src/features/calculator/grading.ts. Python 3.11 standard
library only.
"""

from __future__ import annotations

import json
import math
import re
import sys
from fractions import Fraction
from pathlib import Path

sys.dont_write_bytecode = True  # importing documents.py must not leave __pycache__ in testdata
from documents import MSG, alias_cases, dump, invalid_cases  # noqa: E402
from rule_documents import RULE_MSG, invalid_rule_cases, valid_rule_cases  # noqa: E402
import adjustable_member  # noqa: E402
import fehler_member  # noqa: E402
import zeugnis_settings  # noqa: E402

HERE = Path(__file__).resolve().parent
CONFIG_NAMES = ("standard", "fractional", "extreme")

# --- Reading a person's input (docs/spec.md §3, docs/decisions.md) -------------------------------------------------

# The Unicode White_Space property, listed explicitly: Python's str.strip() also strips U+001C..U+001F
# and JavaScript's trim() strips U+FEFF, neither of which is White_Space.
WHITE_SPACE = frozenset(
    chr(c)
    for c in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
              0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
)
# [0-9], not \d: in Python (and in JavaScript with the u flag) \d would accept non-ASCII digits.
NUMBER = re.compile(r"[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)")
MAX_LEN = 32


def trim(s: str) -> str:
    start, end = 0, len(s)
    while start < end and s[start] in WHITE_SPACE:
        start += 1
    while end > start and s[end - 1] in WHITE_SPACE:
        end -= 1
    return s[start:end]


def parse_number(s: str) -> Fraction | None:
    s = trim(s)
    if len(s) > MAX_LEN or not NUMBER.fullmatch(s):
        return None
    sign = -1 if s.startswith("-") else 1
    s = s.lstrip("+-")
    int_part, _, frac = s.replace(",", ".").partition(".")
    return sign * Fraction(int(int_part + frac), 10 ** len(frac))


def round_half_away(x: Fraction, places: int) -> int:
    """|x| * 10^places rounded half away from zero."""
    return math.floor(abs(x) * 10**places + Fraction(1, 2))


def format_places(p: Fraction, places: int) -> str:
    n = round_half_away(p, places)  # of |p|, in units of 10^-places
    digits = str(n).rjust(places + 1, "0")
    sign = "-" if p < 0 and n != 0 else ""  # docs/spec.md §3: never "-0,0%"
    return f"{sign}{digits[:-places]},{digits[-places:]}%"


def shown_percentage(c, p: Fraction) -> str:
    """docs/spec.md §3: one decimal, unless that text would fall into another band than p; then as many
    decimals as it takes (rounded half away from zero, at most 10)."""
    for places in range(1, 11):
        t = Fraction(round_half_away(p, places) * (-1 if p < 0 else 1), 10**places)
        if grade(c, t) == grade(c, p):
            return format_places(p, places)
    # closer to a bound than 10^-10: of the two neighbours at 10 places, the one in p's band
    down = Fraction(math.floor(p * 10**10), 10**10)
    t = down if grade(c, down) == grade(c, p) else down + Fraction(1, 10**10)
    assert grade(c, t) == grade(c, p), p
    return format_places(t, 10)


# --- The configuration and the grade rule (docs/spec.md §4) -------------------------------------------------


class Config:
    def __init__(self, doc: dict):
        self.name = doc["name"]
        self.grades = {g: (doc["grades"][str(g)]["min"], doc["grades"][str(g)]["max"]) for g in range(1, 7)}
        self.general_minus = doc["schema"]["general"]["minus"]
        self.general_normal = doc["schema"]["general"]["normal"]
        self.one_minus = doc["schema"]["1"]["minus"]
        self.six_normal = doc["schema"]["6"]["normal"]


def load_config(name: str) -> Config:
    text = (HERE / "configs" / f"{name}.json").read_text(encoding="utf-8")
    exact = lambda literal: Fraction(literal)  # noqa: E731 - numbers are read exactly, never as floats
    return Config(json.loads(text, parse_float=exact, parse_int=exact))


def grade(c: Config, p: Fraction) -> str:
    """docs/spec.md §4, rule by rule."""
    if p > 100:
        return "1+"
    if p <= 0:
        return "6"
    for g in range(1, 7):
        lo, hi = c.grades[g]
        if lo < p <= hi or (hi == 100 and p >= 100):
            width = hi - lo
            if g == 1:
                return "1-" if p <= lo + width * c.one_minus / 100 else "1"
            if g == 6:
                return "6+" if p > lo + width * c.six_normal / 100 else "6"
            m = lo + width * c.general_minus / 100
            if p <= m:
                return f"{g}-"
            if p > m + width * c.general_normal / 100:
                return f"{g}+"
            return str(g)
    raise AssertionError(f"no grade for {p} in {c.name}")


def calculate(c: Config, total: str, achieved: str) -> tuple[str, str]:
    t, a = parse_number(total), parse_number(achieved)
    if t is None or a is None or t == 0 or a == 0:
        return "", ""
    p = 100 * a / t
    return shown_percentage(c, p), grade(c, p)


def thresholds(c: Config) -> list[Fraction]:
    """Every point where the grade can change: the grade bounds and the band thresholds."""
    points = set()
    for g in range(1, 7):
        lo, hi = c.grades[g]
        width = hi - lo
        points |= {lo, hi}
        if g == 1:
            points.add(lo + width * c.one_minus / 100)
        elif g == 6:
            points.add(lo + width * c.six_normal / 100)
        else:
            m = lo + width * c.general_minus / 100
            points |= {m, m + width * c.general_normal / 100}
    return sorted(points)


def table(c: Config) -> list[dict]:
    """docs/spec.md §4 and docs/decisions.md: 16 cells, each band (over, upTo] with its exact thresholds in decimal
    text; the lowest band has no lower end ("–"), an empty band (over == upTo) is "entfällt"."""
    def cell(label: str, lo: Fraction, hi: Fraction, lowest: bool = False) -> dict:
        if lo == hi:
            return {"grade": label, "over": "entfällt", "upTo": "–"}
        return {"grade": label, "over": "–" if lowest else decimal_text(lo), "upTo": decimal_text(hi)}
    lo1, hi1 = c.grades[1]
    t1 = lo1 + (hi1 - lo1) * c.one_minus / 100
    cells = [cell("1", t1, hi1), cell("1-", lo1, t1)]
    for g in range(2, 6):
        lo, hi = c.grades[g]
        m = lo + (hi - lo) * c.general_minus / 100
        n = m + (hi - lo) * c.general_normal / 100
        cells += [cell(f"{g}+", n, hi), cell(str(g), m, n), cell(f"{g}-", lo, m)]
    lo6, hi6 = c.grades[6]
    t6 = lo6 + (hi6 - lo6) * c.six_normal / 100
    return cells + [cell("6+", t6, hi6), cell("6", lo6, t6, lowest=True)]


# --- The Punkteschlüssel (points ranges per band) ----------------------------------------------------

LABELS = ["1", "1-", "2+", "2", "2-", "3+", "3", "3-", "4+", "4", "4-", "5+", "5", "5-", "6+", "6"]
POINTS_TOTALS = ["1", "2", "3", "7", "10", "13", "20", "24", "30", "40", "50", "60", "99", "100", "120", "1000",
                 "0,25", "7,5", "12,75", "37,3", "42,5", "45,75", "66,6"]
POINTS_STEPS = ["1", "0,5", "0,25"]


def points_table(c: Config, total: Fraction, step: Fraction) -> list[dict]:
    """By brute force, unlike the Go and TypeScript code: grade every multiple of the step in [0, total]
    and keep each band's smallest and largest. 0 points get "6" (p = 0 is grade 6's lower end)."""
    found: dict[str, list[Fraction]] = {}
    k = 0
    while k * step <= total:
        points = k * step
        g = "6" if points == 0 else grade(c, 100 * points / total)
        found.setdefault(g, []).append(points)
        k += 1
    number = lambda x: None if x is None else (int(x) if x.denominator == 1 else float(x))  # noqa: E731 - quarters are exact floats
    return [{"grade": g, "min": number(min(found[g])) if g in found else None,
             "max": number(max(found[g])) if g in found else None} for g in LABELS]


def build_points_tables(configs: dict[str, Config]) -> list[dict]:
    return [{"config": name, "total": total, "step": step,
             "bands": points_table(configs[name], parse_number(total), parse_number(step))}
            for name in CONFIG_NAMES for total in POINTS_TOTALS for step in POINTS_STEPS]


# --- The calculator cases ---------------------------------------------------------------------------


def decimal_text(x: Fraction, sep: str = ",") -> str:
    """Exact decimal text of a fraction whose denominator divides a power of ten."""
    sign = "-" if x < 0 else ""
    x = abs(x)
    places = 0
    while (x * 10**places).denominator != 1:
        places += 1
    n = int(x * 10**places)
    if places == 0:
        return sign + str(n)
    digits = str(n).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}{sep}{digits[-places:]}"


def boundary_inputs(c: Config) -> list[tuple[str, str]]:
    """Each threshold T hit exactly, and just above and below it, in two spellings: integers (total
    100·10^(k+3) for T with k decimals, achieved T·10^(k+3) and ±1, i.e. p = T ± 10^-(k+3)) and
    decimals (total 100, achieved T and T ± 10^-12)."""
    pairs = []
    eps = Fraction(1, 10**12)
    for i, t in enumerate(thresholds(c)):
        places = len(decimal_text(t).partition(",")[2]) + 3
        total = 100 * 10**places
        at = int(t * 10**places)
        pairs += [(str(total), str(at)), (str(total), str(at + 1)), (str(total), str(at - 1))]
        sep = "," if i % 2 == 0 else "."
        pairs += [("100", decimal_text(t, sep)), ("100", decimal_text(t + eps, sep)), ("100", decimal_text(t - eps, sep))]
    return pairs


REJECTED = [
    "", "   ", "abc", "12abc", "1,2,3", "1.000,5", "1e3", "0x10", ".", ",", "+", "-", "--1", "+-1", "1 2",
    "١٢", "１２", "12%", "1_000", "∞", "NaN", "Infinity", "1..2", "1,,2", ",5,", "12-", "- 12",
    "\ufeff12", "\u200b12", "\u180e12", "\u001c12", "1\u00a02",
]
ZERO_FORMS = ["0", "0,0", "-0", ",0", "0.", "+0", "00", "-0,000", " 0 ", "0000000000000000000000000000000,0"]
ACCEPTED_SPELLINGS = [  # all mean 12 (or 12.5 / 0.5 / 30) and must parse
    ("12", "12"), (" 12 ", "12"), ("\t12\n", "12"), ("\u00a012\u3000", "12"), ("\u008512\u2028", "12"),
    ("\u2003+12\u205f", "12"), ("12,", "12"), ("12.", "12"), ("12,0", "12"), ("012", "12"),
    ("12,5", "12.5"), ("12.5", "12.5"), (",5", "0.5"), (".5", "0.5"), ("+30", "30"), ("-3", "-3"),
]

STANDARD_SPECIALS = [
    # worked examples, those of docs/spec.md §3 and §6 among them
    ("30", "23"), ("11", "11"), ("3", "1"), ("3", "2"), ("7", "5"), ("60", "45,5"), ("42,5", "17"),
    # over 100 %
    ("10", "11"), ("100", "100,0001"), ("1", "1000"), ("100", "100"),
    # negatives: achieved, total, both
    ("10", "-5"), ("-10", "5"), ("-10", "-5"), ("-30", "-23"), ("-1", "-2"), ("-100", "-20"), ("-100", "-19,99"),
    # rounding of the shown percentage: half away from zero, both signs, just beside the tie
    ("2000", "1"), ("2000", "-1"), ("-2000", "1"), ("2000", "1533"), ("-2000", "1533"), ("400", "9"),
    ("400", "-9"), ("200", "153,3"), ("1000000", "500"), ("1000000", "499"), ("1000000", "-500"),
    ("1000000", "-499"), ("1000", "765"), ("3", "0,0015"), ("3", "-0,0015"), ("100", "-0,01"), ("-100", "0,01"),
    ("100", "-0,04999"), ("100", "-0,05"), ("-2000", "0,9999"),
    # tiny percentages that show 0,0 %, whatever their sign (never -0,0 %)
    ("10000", "1"), ("10000", "-1"), ("1" + "0" * 31, "1"), ("1" + "0" * 31, "-1"), ("-" + "9" * 31, "1"),
    # 32 characters (after trimming) are accepted, 33 are not
    ("9" * 32, "9" * 32), ("9" * 32, "1"), ("1", "9" * 32), ("9" * 33, "1"), ("1", "9" * 33),
    ("  " + "9" * 32 + "  ", "5"), ("+" + "9" * 31, "5"), ("-" + "9" * 31, "-5"), ("-" + "9" * 32, "5"),
    ("9" * 16 + "," + "9" * 15, "5"), ("9" * 16 + "," + "9" * 16, "5"), ("0," + "0" * 29 + "1", "1"),
    ("100", "0," + "0" * 29 + "1"), ("100", "0," + "0" * 30 + "1"),
]


def special_inputs() -> list[tuple[str, str, str]]:
    cases = [("standard", t, a) for t, a in STANDARD_SPECIALS]
    for bad in REJECTED:
        cases += [("standard", bad, "10"), ("standard", "10", bad)]
    for zero in ZERO_FORMS:
        cases += [("standard", zero, "10"), ("standard", "10", zero)]
    for spelling, _ in ACCEPTED_SPELLINGS:
        cases += [("standard", spelling, "9"), ("standard", "40", spelling)]
    cases += [("fractional", "3", "1"), ("fractional", "3", "2"), ("fractional", "11", "11"),
              ("fractional", "8", "7"), ("fractional", "9", "2"), ("fractional", "-8", "-7")]
    cases += [("extreme", "100", "100"), ("extreme", "1000000", "1"), ("extreme", "2000000", "1"),
              ("extreme", "10", "5"), ("extreme", "-10", "-5"), ("extreme", "1", "-1"), ("extreme", "3", "2")]
    return cases


def sweep_inputs() -> list[tuple[str, str, str]]:
    """Typical use: every whole point of a 30-point test, and half points of a 24- and a 20-point test."""
    cases = [("standard", "30", str(a)) for a in range(1, 31)]
    cases += [("fractional", "24", decimal_text(Fraction(a, 2))) for a in range(1, 49)]
    cases += [("extreme", "20", decimal_text(Fraction(a, 2), ".")) for a in range(1, 41)]
    return cases


def build_cases(configs: dict[str, Config]) -> list[dict]:
    inputs = [(name, t, a) for name in CONFIG_NAMES for t, a in boundary_inputs(configs[name])]
    inputs += sweep_inputs()
    inputs += special_inputs()
    seen, cases = set(), []
    for name, total, achieved in inputs:
        if (name, total, achieved) in seen:
            continue
        seen.add((name, total, achieved))
        percentage, g = calculate(configs[name], total, achieved)
        cases.append({"config": name, "total": total, "achieved": achieved, "percentage": percentage, "grade": g})
    return cases


def self_check(configs: dict[str, Config]) -> None:
    """The hand-computed results quoted in README.md, so the oracle is checked by more than itself."""
    std, frac, ext = configs["standard"], configs["fractional"], configs["extreme"]
    expected = [
        (std, "30", "23", "76,7%", "2"),  # 76.67 in (74.9995, 79.999]
        (std, "11", "11", "100,0%", "1"),  # exactly 100, > 89.9995
        (std, "3", "1", "33,333%", "5+"),  # 33.33.. > 26.666 + 6.666 = 33.332, and "33,3" would not be
        (std, "3", "2", "66,7%", "3+"),  # 66.66.. > 55 + 2 * 4.9995 = 64.999
        (std, "1000000000", "899995000", "89,9995%", "1-"),  # p = t1, "1-" includes t1; "90,0" would be a 1
        (std, "1000000000", "899995001", "90,0%", "1"),  # just above t1
        (std, "2000", "1", "0,1%", "6"),  # 0.05 rounds away from zero
        (std, "2000", "-1", "-0,1%", "6"),  # -0.05 likewise
        (std, "10000", "-1", "0,0%", "6"),  # -0.01 rounds to zero: no sign (docs/spec.md §3), the grade stays 6
        (std, "100", "-0,01", "0,0%", "6"),  # -0.01 %: a small negative that once showed "-0,0%"
        (std, "2000", "-0,9999", "0,0%", "6"),  # -0.049995 rounds to zero too
        (std, "-10", "-5", "50,0%", "4+"),  # 50 > 40 + 2 * 4.9995 = 49.999
        (std, "100", "20", "20,0%", "6+"),  # 20 is grade 6's max; 20 > 10
        (std, "100", "10", "10,0%", "6"),  # 10 = t6 is not above it
        (frac, "1000000", "890625", "89,06%", "1-"),  # t1 = 87.5 + 12.5 * 12.5 / 100 = 89.0625; "89,1" is a 1
        (ext, "100", "100", "100,0%", "1-"),  # 1.minus 100: t1 = 100, so 100 is still "1-"
        (ext, "1000000", "1", "0,0001%", "6+"),  # 6.normal 0 puts all of grade 6 in "6+"; 0 % is a 6
        (ext, "2000000", "1", "0,0001%", "6+"),  # 0.00005 is inside grade 6 (0, 0.0001]: 4 places
        (std, "100", "100,0001", "100,0001%", "1+"),  # over 100 % is 1+; "100,0" would be a 1
    ]
    for c, total, achieved, percentage, g in expected:
        got = calculate(c, total, achieved)
        assert got == (percentage, g), (c.name, total, achieved, got)
    # docs/spec.md §4, exact thresholds: 1- is over 85 up to 89.9995, 2 over 74.9995 up to 79.999, 6 up to 10
    cells = {cell["grade"]: cell for cell in table(std)}
    assert cells["1-"] == {"grade": "1-", "over": "85", "upTo": "89,9995"}
    assert cells["2"] == {"grade": "2", "over": "74,9995", "upTo": "79,999"}
    assert cells["6"] == {"grade": "6", "over": "–", "upTo": "10"}
    assert {cell["grade"]: cell for cell in table(ext)}["1"] == {"grade": "1", "over": "entfällt", "upTo": "–"}
    # 40 points, standard, half points: 2+ is 79.999 % < p <= 85 %, so 32 (80 %) ... 34 (85 %)
    two_plus = points_table(std, Fraction(40), Fraction(1, 2))[2]
    assert two_plus == {"grade": "2+", "min": 32, "max": 34}, two_plus
    assert points_table(std, Fraction(40), Fraction(1, 2))[-1] == {"grade": "6", "min": 0, "max": 4}
    assert decimal_text(Fraction("62.5")) == "62,5" and decimal_text(Fraction("78.0555286111")) == "78,0555286111"


# --- Writing ----------------------------------------------------------------------------------------


def write(name: str, key: str | None, items, escape: bool = False) -> None:
    """One item per line, so a diff shows exactly which case changed; escape: invisible characters as \\u."""
    if key is None:
        body = "{\n" + ",\n".join(f"{json.dumps(k)}:{dump(v, escape)}" for k, v in items.items()) + "\n}\n"
    else:
        body = "{" + json.dumps(key) + ":[\n" + ",\n".join(dump(item, escape) for item in items) + "\n]}\n"
    (HERE / name).write_text(body, encoding="utf-8")


def main() -> None:
    configs = {name: load_config(name) for name in CONFIG_NAMES}
    self_check(configs)
    cases = build_cases(configs)
    # cases.json is written with \u escapes so invisible white space in inputs stays visible.
    body = '{"cases":[\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n"
    (HERE / "cases.json").write_text(body, encoding="utf-8")
    write("tables.json", None, {name: table(configs[name]) for name in CONFIG_NAMES})
    write("invalid-configs.json", "cases", invalid_cases() + zeugnis_settings.invalid_original_cases()
          + adjustable_member.invalid_original_cases() + fehler_member.invalid_original_cases(), escape=True)
    write("alias-configs.json", "cases", alias_cases() + zeugnis_settings.valid_original_cases()
          + adjustable_member.valid_original_cases() + fehler_member.valid_original_cases())
    write("messages.json", None, MSG)
    write("rule-messages.json", None, RULE_MSG)
    write("invalid-rule-documents.json", "cases", invalid_rule_cases() + zeugnis_settings.invalid_rule_cases()
          + adjustable_member.invalid_rule_cases() + fehler_member.invalid_rule_cases(),
          escape=True)
    write("rule-documents.json", "cases", valid_rule_cases() + zeugnis_settings.valid_rule_cases()
          + adjustable_member.valid_rule_cases() + fehler_member.valid_rule_cases())
    points = build_points_tables(configs)
    (HERE / "points-tables.json").write_text(
        '{"tables":[\n' + ",\n".join(json.dumps(t) for t in points) + "\n]}\n", encoding="utf-8")
    import presets  # noqa: PLC0415 - it imports this module

    keys = presets.build()
    line = lambda item: json.dumps(item, ensure_ascii=False)  # noqa: E731
    bands = [{k: v for k, v in p.items() if k != "cases"} for p in keys]
    (HERE / "presets.json").write_text('{"presets":[\n' + ",\n".join(map(line, bands)) + "\n]}\n", encoding="utf-8")
    preset_cases = [{"preset": p["id"], **c} for p in keys for c in p["cases"]]
    (HERE / "preset-cases.json").write_text(
        '{"cases":[\n' + ",\n".join(map(line, preset_cases)) + "\n]}\n", encoding="utf-8")
    import adjustments  # noqa: PLC0415 - it imports this module

    adjusted = adjustments.build(bands)
    (HERE / "adjustments.json").write_text(
        '{"cases":[\n' + ",\n".join(map(line, adjusted)) + "\n]}\n", encoding="utf-8")
    import abitur  # noqa: PLC0415

    abitur_cases = abitur.build()
    (HERE / "abitur.json").write_text(
        '{"cases":[\n' + ",\n".join(map(line, abitur_cases)) + "\n]}\n", encoding="utf-8")
    print(f"{len(abitur_cases)} Abitur cases,", end=" ")
    import fehlerquotient  # noqa: PLC0415 - kept beside the other oracles

    print(f"{fehlerquotient.write()} Fehlerquotient cases,", end=" ")
    print(f"{len(adjusted)} adjustments,", end=" ")
    print(f"{len(keys)} presets with {len(preset_cases)} cases,", end=" ")
    print(f"{len(cases)} cases, {len(invalid_cases())} invalid and {len(alias_cases())} alias documents written to {HERE}")


if __name__ == "__main__":
    main()
