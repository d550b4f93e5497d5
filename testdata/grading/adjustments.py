"""The key for this test (docs/spec.md §10) as an oracle, independent of the code under test.

Writes adjustments.json: school documents (presets as published, the original's standard.json, hand-made
keys), a teacher's adjustment as typed (pass, top, Swiss rounding step), and either the adjusted document
or every refused field with its German message; for adjusted keys a few grades on them. Transcribed from
the rule's text in docs/spec.md §10 with fractions.Fraction; run by generate.py. Python 3.11 standard
library only.
"""

import json
import math
from fractions import Fraction

import generate as g

MSG = {
    "pass": "Muss größer als 0 und kleiner als 100 sein.",
    "top": "Muss größer als die Bestehensgrenze und höchstens 100 sein.",
    "topWidths": "Muss größer als die Bestehensgrenze und kleiner als 100 sein.",
    "places": "Höchstens 4 Nachkommastellen.",
    "number": "Keine Zahl.",
    "step": "Muss 0,1, 0,25, 0,5 oder 1 sein.",
    "topCrowded": "Zu nah an der Bestehensgrenze: Jede Note dazwischen muss gerundet Platz haben.",
    "passCrowded": "Zu nah an 0: Jede Note darunter muss gerundet Platz haben.",
    "noTop": "Der Schweizer Schlüssel hat keine eigene Grenze der besten Note: "
             "Die Note steigt gleichmäßig bis 6 bei 100 %.",
    "noStep": "Nur der Schweizer Schlüssel wird gerundet.",
    "binding": "Der Schlüssel der Schule ist verbindlich und kann nicht angepasst werden.",
    "whole": "Bei ganzen Prozent muss die Grenze eine ganze Zahl sein.",
}
STEPS = [Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(1)]


def passes(system: str, grade: str) -> bool:
    """Whether a band's grade passes (docs/grading-systems.md: 4 in the German and Austrian systems, 4,4 in the
    decimal key, 5 Notenpunkte, 4 in Switzerland, where more is better)."""
    value = Fraction(grade.rstrip("+-").replace(",", "."))
    if system == "notenpunkte":
        return value >= 5
    if system == "schweiz":
        return value >= 4
    if system == "noten-dezimal":
        return value <= Fraction(44, 10)
    return value <= 4


def typed(text: str):
    """A typed percentage, or the key of its message."""
    x = g.parse_number(text)
    if x is None:
        return "number"
    return x if 10_000 % x.denominator == 0 else "places"


def round_half_up(x: Fraction, unit: Fraction) -> Fraction:
    return math.floor(x / unit + Fraction(1, 2)) * unit


def pass_and_top(a: dict, x0: Fraction, t0: Fraction, widths: bool, whole: bool = False):
    """The new X and T (the school's where a field is absent), or the refused fields. A table read in whole
    percent (rounded or cut first) takes whole bounds only, as its document does."""
    errors, x, t = {}, x0, t0
    top_msg = "topWidths" if widths else "top"
    if a.get("pass", "").strip():
        v = typed(a["pass"])
        if isinstance(v, str):
            errors["pass"] = MSG[v]
        elif not 0 < v < 100:
            errors["pass"] = MSG["pass"]
        elif whole and v.denominator != 1:
            errors["pass"] = MSG["whole"]
        else:
            x = v
    if a.get("top", "").strip():
        v = typed(a["top"])
        if isinstance(v, str):
            errors["top"] = MSG[v]
        elif v <= x or v > 100 or (widths and v == 100):
            errors["top"] = MSG[top_msg]
        elif whole and v.denominator != 1:
            errors["top"] = MSG["whole"]
        else:
            t = v
    elif "pass" not in errors and x >= t:
        errors["top"] = MSG[top_msg]
    return errors, x, t


def move(bounds: list, x0, t0, x, t):
    """Every bound along the line bent at the pass mark; a moved one rounded half up (whole or half percent)."""
    unit = Fraction(1) if all(b.denominator == 1 for b in bounds) else Fraction(1, 2)

    def one(v):
        moved = x + (v - x0) * (t - x) / (t0 - x0) if v >= x0 else v * x / x0
        return v if moved == v else round_half_up(moved, unit)
    return one


def crowded(bounds: list, pass_index: int) -> dict:
    errors = {}
    for i, b in enumerate(bounds):
        below = bounds[i + 1] if i + 1 < len(bounds) else 0
        if b <= below:
            errors["top" if i < pass_index else "pass"] = MSG["topCrowded" if i < pass_index else "passCrowded"]
    return errors


def number(x: Fraction):
    """A JSON number of a document: an int, or its exact decimal (at most four places, so the float prints it)."""
    return int(x) if x.denominator == 1 else float(g.decimal_text(x, "."))


def frac(n) -> Fraction:
    return Fraction(str(n))


def adjust_table(doc, a):
    rows = doc["rule"]["bands"]
    system = doc["system"]
    bounds = [frac(r["from"]) for r in rows[:-1]]
    pass_index = max(i for i, r in enumerate(rows[:-1]) if passes(system, r["grade"]))
    x0, t0 = bounds[pass_index], bounds[0]
    errors, x, t = pass_and_top(a, x0, t0, widths=False, whole=doc["rule"].get("percentage") in ("round", "cut"))
    if errors:
        return errors
    one = move(bounds, x0, t0, x, t)
    moved = [t if i == 0 else x if i == pass_index else one(b) for i, b in enumerate(bounds)]
    errors = crowded(moved, pass_index)
    if errors:
        return errors
    out = json.loads(json.dumps(doc))
    for r, b, old in zip(out["rule"]["bands"], moved, bounds):
        if b != old:
            r["from"] = number(b)
    return out


def adjust_widths(doc, a):
    mins = [frac(doc["grades"][str(k)]["min"]) for k in range(1, 6)]
    x0, t0 = mins[3], mins[0]
    errors, x, t = pass_and_top(a, x0, t0, widths=True)
    if errors:
        return errors
    one = move(mins, x0, t0, x, t)
    moved = [t if i == 0 else x if i == 3 else one(b) for i, b in enumerate(mins)]
    errors = crowded(moved, 3)
    if errors:
        return errors
    out = json.loads(json.dumps(doc))
    for k in range(1, 6):
        if moved[k - 1] != mins[k - 1]:
            out["grades"][str(k)]["min"] = number(moved[k - 1])
            out["grades"][str(k + 1)]["max"] = number(moved[k - 1])
    return out


def adjust_formula(doc, a):
    errors = {}
    out = json.loads(json.dumps(doc))
    rule = out["rule"]
    if a.get("top", "").strip():
        errors["top"] = MSG["noTop"]
    if a.get("pass", "").strip():
        v = typed(a["pass"])
        if isinstance(v, str):
            errors["pass"] = MSG[v]
        elif not 0 < v < 100:
            errors["pass"] = MSG["pass"]
        elif v != frac(rule.get("pass", 60)):
            rule["pass"] = number(v)
    if a.get("step", "").strip():
        v = g.parse_number(a["step"])
        if v not in STEPS:
            errors["step"] = MSG["step"]
        elif v != frac(rule["step"]):
            rule["step"] = number(v)
    return errors or out


def adjust(doc, a):
    """The adjusted document (docs/spec.md §10), or the refused fields."""
    kind = "widths" if "grades" in doc else doc["rule"]["kind"]
    if doc.get("adjustable") is False:  # the school's decision (docs/spec.md §10): every field given is refused
        refused = {f: MSG["binding"] for f in ("pass", "top", "step") if a.get(f, "").strip()}
        return refused or doc
    errors = {}
    if kind != "formula" and a.get("step", "").strip():
        errors["step"] = MSG["noStep"]
    out = {"widths": adjust_widths, "table": adjust_table, "formula": adjust_formula}[kind](doc, a)
    if "name" not in out:  # refused
        return {**out, **errors}
    if errors:
        return errors
    if out != doc:
        out.pop("preset", None)  # a changed rule is no longer the preset's
    return out


def table_grade(doc, p: Fraction) -> str:
    """A table's grade: the first band whose bound the percentage (on the key's basis) reaches."""
    basis = doc["rule"].get("percentage", "exact")
    q = math.floor(p + Fraction(1, 2)) if basis == "round" else math.floor(p) if basis == "cut" else p
    rows = doc["rule"]["bands"]
    for r in rows[:-1]:
        if q >= frac(r["from"]):
            return r["grade"]
    return rows[-1]["grade"]


def grade_of(doc, total: str, achieved: str) -> str:
    p = 100 * g.parse_number(achieved) / g.parse_number(total)
    if "grades" in doc:
        exact = lambda literal: Fraction(literal)  # noqa: E731
        return g.grade(g.Config(json.loads(json.dumps(doc), parse_float=exact, parse_int=exact)), p)
    return table_grade(doc, p)


def preset_document(presets: dict, pid: str) -> dict:
    p = presets[pid]
    return {"name": pid, "system": p["system"], "preset": pid, "rule": p["rule"]}


CHECKS = [("100", "45"), ("100", "44,9"), ("100", "92"), ("100", "91,5"), ("40", "18"), ("40", "37"),
          ("100", "30"), ("60", "40"), ("100", "95")]


def build(presets_file) -> list:
    presets = {p["id"]: p for p in presets_file}
    standard = json.loads((g.HERE / "configs" / "standard.json").read_text(encoding="utf-8"))
    docs = {pid: preset_document(presets, pid) for pid in presets}
    docs["standard"] = standard
    docs["table-third"] = {"name": "Drittel", "system": "notenpunkte", "rule": {"kind": "table", "percentage": "exact",
                           "bands": [{"grade": "15", "from": 95}, {"grade": "10", "from": 70}, {"grade": "5", "from": 45},
                                     {"grade": "3", "from": 33.3}, {"grade": "1", "from": 26.7}, {"grade": "0"}]}}
    docs["schweiz-knick"] = {"name": "Knick", "system": "schweiz",
                             "rule": {"kind": "formula", "step": 0.5, "midpoint": "up", "pass": 55}}
    docs["binding"] = {**docs["kmk-oberstufe"], "adjustable": False}
    plan = [
        ("binding", {"pass": "40"}), ("binding", {"top": "90", "step": "1"}), ("binding", {"pass": ""}),
        ("kmk-oberstufe", {"pass": "40"}), ("kmk-oberstufe", {"pass": "40", "top": "92"}),
        ("kmk-oberstufe-hessen", {"top": "90"}), ("kmk-oberstufe-hessen", {"pass": "42,5", "top": "91,5"}),
        ("kmk-oberstufe-aufrunden", {"pass": "40,0"}),
        ("standard-ab", {"pass": "45", "top": "92"}), ("standard-ab", {"pass": "35"}),
        ("ihk", {"pass": "45"}), ("ihk", {"pass": "45,5", "top": "95"}), ("ihk-dezimal", {"pass": "45"}),
        ("ihk-dezimal", {"pass": "55"}), ("oesterreich", {"top": "88"}), ("oesterreich", {"pass": "45", "top": "100"}),
        ("standard", {"pass": "45", "top": "90"}), ("standard", {"pass": "50"}), ("standard", {"top": "80"}),
        ("table-third", {"pass": "40"}), ("table-third", {"top": "90"}),
        ("schweiz-zehntel", {"pass": "55", "step": "0,25"}), ("schweiz-zehntel", {"pass": "60"}),
        ("schweiz-knick", {"pass": "60"}), ("schweiz-knick", {"step": "1"}), ("schweiz-halbe", {"step": "0.5"}),
        # the school's own values, or nothing: the document as it is
        ("kmk-oberstufe", {}), ("kmk-oberstufe", {"pass": "45", "top": "95"}), ("standard", {"pass": "40"}),
        ("ihk", {"pass": " 50 ", "top": "92,0"}),
        # refused
        ("schweiz-zehntel", {"top": "90"}), ("schweiz-zehntel", {"step": "0,2"}), ("standard-ab", {"step": "0,5"}),
        ("kmk-oberstufe", {"pass": "0"}), ("kmk-oberstufe", {"pass": "100"}), ("kmk-oberstufe", {"pass": "-5"}),
        ("kmk-oberstufe", {"pass": "45,12345"}), ("kmk-oberstufe", {"pass": "vierzig"}),
        ("kmk-oberstufe", {"top": "101"}), ("kmk-oberstufe", {"pass": "60", "top": "55"}),
        ("kmk-oberstufe", {"pass": "96"}), ("standard", {"top": "100"}), ("ihk", {"pass": "90", "top": "92"}),
        ("kmk-oberstufe", {"pass": "4"}), ("ihk-dezimal", {"pass": "98", "top": "99,5"}),
        ("standard-ab", {"pass": "abc", "top": "x", "step": "2"}),
    ]
    cases = []
    for i, (doc_id, a) in enumerate(plan):
        doc = docs[doc_id]
        result = adjust(doc, a)
        case = {"name": f"{doc_id} {json.dumps(a, ensure_ascii=False)}", "document": doc, "adjustment": a}
        if "name" in result:
            case["adjusted"] = result
            if doc.get("rule", {}).get("kind") != "formula":
                case["grades"] = [{"total": t, "achieved": v, "grade": grade_of(result, t, v)} for t, v in CHECKS]
        else:
            case["errors"] = result
        cases.append(case)
    self_check(cases)
    return cases


def find(cases, name):
    return next(c for c in cases if c["name"] == name)


def self_check(cases) -> None:
    """The rule's examples, computed by hand, before anything is written."""
    c = find(cases, 'kmk-oberstufe {"pass": "40"}')
    froms = [b.get("from") for b in c["adjusted"]["rule"]["bands"]]
    # above 45 → 40: v' = 40 + (v − 45)·55/50; below: v·40/45 (33 → 29,33 → 29; 20 → 17,78 → 18)
    assert froms == [95, 90, 84, 79, 73, 68, 62, 57, 51, 46, 40, 36, 29, 24, 18, None], froms
    assert "preset" not in c["adjusted"]
    c = find(cases, 'ihk-dezimal {"pass": "45"}')
    froms = [b.get("from") for b in c["adjusted"]["rule"]["bands"]]
    assert froms[34] == 45 and froms[35] == 43 and froms[0] == 99.5, froms  # 47,5·0,9 = 42,75 → 43 (half-percent grain)
    c = find(cases, 'standard {"pass": "45", "top": "90"}')
    gr = c["adjusted"]["grades"]
    # 70 → 45 + 30·45/45 = 75, 55 → 45 + 15 = 60, 20 → 20·45/40 = 22,5 → 23
    assert [gr[k]["min"] for k in "12345"] == [90, 75, 60, 45, 23], gr
    assert gr["2"]["max"] == 90 and gr["6"]["max"] == 23
    assert find(cases, 'kmk-oberstufe {}')["adjusted"] == find(cases, 'kmk-oberstufe {}')["document"]
    assert find(cases, 'kmk-oberstufe {"pass": "4"}')["errors"] == {"pass": MSG["passCrowded"]}
    assert find(cases, 'schweiz-zehntel {"pass": "55", "step": "0,25"}')["adjusted"]["rule"] == \
        {"kind": "formula", "step": 0.25, "midpoint": "up", "pass": 55}
