"""The presets' published keys as an oracle, independent of the code under test (docs/grading-systems.md).

Writes presets.json: for every preset its bands (best first) and calculator cases. Each key is typed here
from its published table, and each grade is found by the table's own wording ("ab X Punkte/Prozent"),
the Swiss one by evaluating its formula and rounding, never by the bands the code derives.
Run by generate.py; Python 3.11 standard library only.
"""

import math
import re
from fractions import Fraction

import generate as g

# The published tables: (grade, from) with "from" the lowest percentage (on the key's basis) that gets the
# grade; the last grade takes the rest. Sources in docs/grading-systems.md.
KMK = [("15", 95), ("14", 90), ("13", 85), ("12", 80), ("11", 75), ("10", 70), ("9", 65), ("8", 60), ("7", 55),
       ("6", 50), ("5", 45), ("4", 40), ("3", 33), ("2", 27), ("1", 20), ("0", None)]
KMK_ALT = {"15": "1+", "14": "1", "13": "1-", "12": "2+", "11": "2", "10": "2-", "9": "3+", "8": "3", "7": "3-",
           "6": "4+", "5": "4", "4": "4-", "3": "5+", "2": "5", "1": "5-", "0": "6"}
# The 100-point key as IHK Köln's rules for Fortbildungsprüfungen (§ 21) print it, the same at every IHK and in
# federal law (ÖDAPrV § 30: "92,00 bis 100,00 … 0,00 bis 29,99", computed "ohne Rundung"): no rounding, so a grade
# holds from its lower bound on, and "unter X" excludes X itself.
IHK_TEXT = "100–92 = 1, unter 92–81 = 2, unter 81–67 = 3, unter 67–50 = 4, unter 50–30 = 5, unter 30–0 = 6"


def ihk_key(text: str):
    """[(grade, lowest points)] best first, read from the key's own wording."""
    rows = []
    for part in text.split(", "):
        span, grade = part.split(" = ")
        low = int(span.removeprefix("unter ").split("–")[1])
        rows.append((grade, low if low > 0 else None))
    return rows


IHK = ihk_key(IHK_TEXT)

# BiBuBAProFPrV Anlage 1 "Bewertungsmaßstab und -schlüssel", row by row as printed: points → Note als Dezimalzahl.
ANLAGE_1 = ("100: 1,0 · 98 und 99: 1,1 · 96 und 97: 1,2 · 94 und 95: 1,3 · 92 und 93: 1,4 · 91: 1,5 · 90: 1,6 · "
            "89: 1,7 · 88: 1,8 · 87: 1,9 · 85 und 86: 2,0 · 84: 2,1 · 83: 2,2 · 82: 2,3 · 81: 2,4 · "
            "79 und 80: 2,5 · 78: 2,6 · 77: 2,7 · 75 und 76: 2,8 · 74: 2,9 · 72 und 73: 3,0 · 71: 3,1 · 70: 3,2 · "
            "68 und 69: 3,3 · 67: 3,4 · 65 und 66: 3,5 · 63 und 64: 3,6 · 62: 3,7 · 60 und 61: 3,8 · "
            "58 und 59: 3,9 · 56 und 57: 4,0 · 55: 4,1 · 53 und 54: 4,2 · 51 und 52: 4,3 · 50: 4,4 · "
            "48 und 49: 4,5 · 46 und 47: 4,6 · 44 und 45: 4,7 · 42 und 43: 4,8 · 40 und 41: 4,9 · 38 und 39: 5,0 · "
            "36 und 37: 5,1 · 34 und 35: 5,2 · 32 und 33: 5,3 · 30 und 31: 5,4 · 25 bis 29: 5,5 · 20 bis 24: 5,6 · "
            "15 bis 19: 5,7 · 10 bis 14: 5,8 · 5 bis 9: 5,9 · 0 bis 4: 6,0")


def anlage_rows(text: str):
    """[(grade, lowest whole points, highest whole points)] best first."""
    rows = []
    for part in text.split(" · "):
        points, grade = part.split(": ")
        numbers = [int(n) for n in re.split(r" und | bis ", points)]
        rows.append((grade, min(numbers), max(numbers)))
    return rows


DECIMAL_ROWS = anlage_rows(ANLAGE_1)
PASS_POINTS = 50  # KundenbTischlPrV § 7 (1): passed with at least 50 points "ohne Rundung"


def decimal_grade(p: Fraction) -> str:
    """The federal rule with Anlage 1 (e.g. KundenbTischlPrV § 7): passing is judged on the unrounded points, then
    the points are rounded commercially to a whole number and Anlage 1 gives the decimal grade. Rounding never
    turns a fail into a pass, so a fail below 50 stays at most 49 points (49,5 is 4,5, not 4,4)."""
    q = math.floor(abs(p) + Fraction(1, 2)) * (1 if p >= 0 else -1)  # kaufmännisch: half away from zero
    if p < PASS_POINTS:
        q = min(q, PASS_POINTS - 1)
    q = min(max(q, 0), 100)  # above 100 points the best row, below 0 the worst
    return next(grade for grade, low, high in DECIMAL_ROWS if low <= q <= high)


def decimal_bands():
    """The rule as "ab" bounds on the exact points: a row's lowest whole number minus half a point (what rounds up
    to it), except the pass mark, which rounding may not reach from below."""
    bands = []
    for grade, low, _ in DECIMAL_ROWS:
        if low == 0:
            bands.append((grade, None))
        elif low == PASS_POINTS:
            bands.append((grade, Fraction(low)))
        else:
            bands.append((grade, low - Fraction(1, 2)))
    return bands


IHK_DECIMAL = decimal_bands()

# What earlier releases made of the two IHK presets: the same rows from their lowest whole points, on the
# percentage rounded half up to a whole percent, which neither source names. A version stored so still loads
# (as a table naming no preset), and the admin offers the preset's rule instead.
EARLIER = {
    "ihk": IHK,
    "ihk-dezimal": [(grade, low if low > 0 else None) for grade, low, _ in DECIMAL_ROWS],
}
STANDARD_AB = [("1", 90), ("1-", 85), ("2+", 80), ("2", 75), ("2-", 70), ("3+", 65), ("3", 60), ("3-", 55),
               ("4+", 50), ("4", 45), ("4-", 40), ("5+", 33), ("5", 27), ("5-", 20), ("6+", 10), ("6", None)]
AUSTRIA = [("1", 90), ("2", 80), ("3", 65), ("4", 50), ("5", None)]
AUSTRIA_WORDS = {"1": "Sehr gut", "2": "Gut", "3": "Befriedigend", "4": "Genügend", "5": "Nicht genügend"}
WHOLE_WORDS = {"1": "sehr gut", "2": "gut", "3": "befriedigend", "4": "ausreichend", "5": "mangelhaft",
               "6": "ungenügend"}


def on_basis(p: Fraction, basis: str) -> Fraction:
    if basis == "round":  # to a whole percent, half up (vocational schools in Baden-Württemberg, not the KMK)
        return Fraction(math.floor(p + Fraction(1, 2)))
    if basis == "cut":  # "der ganzzahlige, nicht gerundete Prozentwert"
        return Fraction(math.floor(p))
    return p


def table_grade(table, basis: str, over_hundred: str | None):
    def grade(p: Fraction) -> str:
        q = on_basis(p, basis)
        if over_hundred and q > 100:
            return over_hundred
        for label, start in table:
            if start is None or q >= start:
                return label
        raise AssertionError
    return grade


def swiss_grade(step: Fraction):
    def grade(p: Fraction) -> str:
        v = 1 + 5 * p / 100
        n = math.floor(v / step + Fraction(1, 2)) * step  # to the nearest step, an exact midpoint up
        n = min(max(n, Fraction(1)), Fraction(6))
        return swiss_text(n, step)
    return grade


def swiss_text(n: Fraction, step: Fraction) -> str:
    text = g.decimal_text(n)
    if step == Fraction(1, 10) and "," not in text:
        text += ",0"
    return text


def swiss_bands(step: Fraction):
    """6 from where 1 + 5p/100 reaches 6 − step/2, and so on down: p = 20 (n − step/2 − 1)."""
    bands, n = [], Fraction(6)
    while n >= 1:
        start = 20 * (n - step / 2 - 1) if n > 1 else None
        bands.append((swiss_text(n, step), start))
        n -= step
    return bands


def value_text(label: str, system: str) -> str:
    if system == "noten-plus-minus":
        return label[0]
    return label.replace(",", ".")


def preset_entries():
    """(id, system, basis, bands [(grade, from)], grade function, alt of a grade)."""
    whole_alt = WHOLE_WORDS.get
    yield "standard-ab", "noten-plus-minus", "exact", STANDARD_AB, table_grade(STANDARD_AB, "exact", "1+"), None
    yield "ihk", "noten", "exact", IHK, table_grade(IHK, "exact", None), whole_alt
    yield "ihk-dezimal", "noten-dezimal", "exact", IHK_DECIMAL, decimal_grade, None
    for pid, basis in (("kmk-oberstufe", "exact"), ("kmk-oberstufe-aufrunden", "round"), ("kmk-oberstufe-hessen", "cut")):
        yield pid, "notenpunkte", basis, KMK, table_grade(KMK, basis, None), KMK_ALT.get
    for pid, step in (("schweiz-zehntel", Fraction(1, 10)), ("schweiz-viertel", Fraction(1, 4)),
                      ("schweiz-halbe", Fraction(1, 2))):
        yield pid, "schweiz", "exact", swiss_bands(step), swiss_grade(step), None
    yield "oesterreich", "oesterreich", "exact", AUSTRIA, table_grade(AUSTRIA, "exact", None), AUSTRIA_WORDS.get


def shown(grade, basis: str, p: Fraction) -> str:
    if basis != "exact":
        q = int(on_basis(p, basis))
        return f"{q}%"
    for places in range(1, 11):
        t = Fraction(g.round_half_away(p, places) * (-1 if p < 0 else 1), 10**places)
        if grade(t) == grade(p):
            return g.format_places(p, places)
    raise AssertionError(p)


def inputs(bands, basis: str):
    """Every bound exactly, 1/1000 below and above; for whole-percent bases also the rounding edge; published
    examples; over 100 %, negative, a sweep of 20 points."""
    out = [("100", "92"), ("100", "50"), ("100", "91,5"), ("100", "49,5"), ("60", "40"), ("100", "99,5"),
           ("100", "29,5"), ("100", "47,5"), ("20", "15"), ("100", "84"),
           ("100", "100"), ("100", "0,4"), ("100", "105"), ("-100", "30"), ("30", "10"), ("3", "2")]
    for _, start in bands:
        if start is None:
            continue
        for delta in (0, -1, 1):
            out.append(("100000", g.decimal_text(Fraction(start) * 1000 + delta).replace(",", ".")))
        if basis != "exact":
            edge = Fraction(start) - Fraction(1, 2)
            out += [("1000", g.decimal_text(edge * 10)), ("100000", g.decimal_text(edge * 1000 - 1))]
    out += [("20", str(a)) for a in range(0, 21)] + [("20", f"{a},5") for a in range(0, 20)]
    seen, unique = set(), []
    for pair in out:
        if pair not in seen:
            seen.add(pair)
            unique.append(pair)
    return unique


def rule_of(pid: str, basis: str, bands) -> dict:
    """The preset's rule as a document writes it (docs/grading-systems.md): the TypeScript tests make their key
    from it and compare it with the bands above, which come from the published table, not from this rule."""
    if pid.startswith("schweiz-"):
        step = {"schweiz-zehntel": 0.1, "schweiz-viertel": 0.25, "schweiz-halbe": 0.5}[pid]
        return {"kind": "formula", "step": step, "midpoint": "up"}
    def number(x):  # JSON writes 99.5 exactly; a whole bound as an integer
        return int(x) if Fraction(x).denominator == 1 else float(x)
    rows = [{"grade": label} if start is None else {"grade": label, "from": number(start)} for label, start in bands]
    return {"kind": "table", "percentage": basis, "bands": rows}


def build():
    presets = []
    for pid, system, basis, bands, grade, alt in preset_entries():
        cases = []
        for total, achieved in inputs(bands, basis):
            t, a = g.parse_number(total), g.parse_number(achieved)
            if t is None or a is None or t == 0 or a == 0:
                cases.append({"total": total, "achieved": achieved, "percentage": "", "grade": ""})
                continue
            p = 100 * a / t
            label = grade(p)
            case = {"total": total, "achieved": achieved, "percentage": shown(grade, basis, p), "grade": label}
            if alt and alt(label):
                case["alt"] = alt(label)
            cases.append(case)
        out_bands = []
        for i, (label, start) in enumerate(bands):
            band = {"grade": label, "value": value_text(label, system)}
            if alt and alt(label):
                band["alt"] = alt(label)
            if start is not None and i < len(bands) - 1:
                band["from"] = g.decimal_text(Fraction(start)).replace(",", ".")
            out_bands.append(band)
        entry = {"id": pid, "system": system, "basis": basis, "included": True, "bands": out_bands,
                 "rule": rule_of(pid, basis, bands), "cases": cases}
        if pid in EARLIER:
            # the earlier rule, and every half percent from 0 to 100 where it grades otherwise than the sources
            before = table_grade(EARLIER[pid], "round", None)
            entry["earlier"] = rule_of(pid, "round", EARLIER[pid])
            entry["earlierDiffers"] = [[g.decimal_text(Fraction(h, 2)), before(Fraction(h, 2)), grade(Fraction(h, 2))]
                                       for h in range(0, 201) if before(Fraction(h, 2)) != grade(Fraction(h, 2))]
        presets.append(entry)
    self_check({p["id"]: p for p in presets})
    return presets


def self_check(by_id) -> None:
    """The grades the published keys give for the cases people quote."""
    def grade_of(pid, total, achieved):
        return next(c for c in by_id[pid]["cases"] if c["total"] == total and c["achieved"] == achieved)
    assert grade_of("ihk", "100", "92")["grade"] == "1"  # 100–92 = 1
    assert grade_of("ihk", "100", "50")["grade"] == "4"  # unter 67–50 = 4: 50 passes
    assert grade_of("ihk", "100", "91,5")["grade"] == "2"  # unter 92: no rounding (ÖDAPrV § 30 "ohne Rundung")
    assert grade_of("ihk", "100", "49,5")["grade"] == "5"  # unter 50: a fail
    assert grade_of("ihk", "60", "40")["grade"] == "4"  # 66,67 points: unter 67
    assert grade_of("ihk-dezimal", "100", "50")["grade"] == "4,4"
    assert grade_of("ihk-dezimal", "100", "49,5")["grade"] == "4,5"  # failed without rounding, so not 4,4
    assert grade_of("ihk-dezimal", "100", "91,5")["grade"] == "1,4"  # passed, rounded to 92
    assert grade_of("ihk-dezimal", "100", "99,5")["grade"] == "1,0"  # rounded to 100
    assert grade_of("ihk-dezimal", "100", "47,5")["grade"] == "4,5"  # rounded to 48
    assert grade_of("ihk-dezimal", "100", "29,5")["grade"] == "5,4"  # rounded to 30
    # the earlier releases' rounding differs from the sources exactly below each whole-grade bound, and for the
    # decimal key only where rounding lifted a fail to the pass mark
    assert by_id["ihk"]["earlierDiffers"] == [["29,5", "5", "6"], ["49,5", "4", "5"], ["66,5", "3", "4"],
                                              ["80,5", "2", "3"], ["91,5", "1", "2"]]
    assert by_id["ihk-dezimal"]["earlierDiffers"] == [["49,5", "4,4", "4,5"]]
    assert grade_of("schweiz-viertel", "20", "15")["grade"] == "4,75"  # 1 + 5 · 15/20
    assert grade_of("schweiz-zehntel", "100", "84")["grade"] == "5,2"  # 1 + 5 · 0.84
    assert grade_of("kmk-oberstufe", "30", "10") == {"total": "30", "achieved": "10", "percentage": "33,3%",
                                                      "grade": "3", "alt": "5+"}
    assert grade_of("kmk-oberstufe-aufrunden", "100", "49,5")["grade"] == "6"  # 49.5 → 50 %
    assert grade_of("standard-ab", "100", "105")["grade"] == "1+"
