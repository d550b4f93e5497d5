#!/usr/bin/env python3
"""Oracle for the Zeugnisnote rule of docs/spec.md §9 (Python 3.11 standard library only).

Written from the text of the spec, not from the Go code: exact fractions.Fraction arithmetic, the
grade grammars spelled out character by character. Writes cases.json and invalid.json beside itself.
Run: python3 testdata/zeugnis/generate.py
"""
import json
import math
import os
import random
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
DIGITS = "0123456789"
MINUS = ("-", "\u2212")
TENDENCIES = {"0,3": F(3, 10), "0.3": F(3, 10), "0,25": F(1, 4), "0.25": F(1, 4), "1/3": F(1, 3)}
STEPS = {"0,5": F(1, 2), "0.5": F(1, 2), "1": F(1), "0,1": F(1, 10), "0.1": F(1, 10)}
# system: (lowest, highest, step, higher is better)
SYSTEMS = {"de": (F(1), F(6), F(1), False), "np": (F(0), F(15), F(1), True),
           "ch": (F(1), F(6), F(1, 2), True), "at": (F(1), F(5), F(1), False)}
# The inputs name the grading systems by the ids documents use; de, np, ch and at, the names the command
# took first, stay accepted ("alias" cases). The three German systems share de's grammar.
GRADING_ID = {"de": "noten-plus-minus", "np": "notenpunkte", "ch": "schweiz", "at": "oesterreich"}
GRAMMAR_OF = dict({v: k for k, v in GRADING_ID.items()}, **{k: k for k in SYSTEMS},
                  **{"noten": "de", "noten-dezimal": "de"})
IDS = ["noten-plus-minus", "noten", "noten-dezimal", "notenpunkte", "schweiz", "oesterreich"]


def decimal_text(s, max_decimals):
    """'2,3' / '2.25' / '4' -> Fraction, or None. Digits on both sides of one separator."""
    s = s.replace(",", ".")
    whole, sep, frac = s.partition(".")
    if not whole or any(c not in DIGITS for c in whole):
        return None
    if sep and (not frac or len(frac) > max_decimals or any(c not in DIGITS for c in frac)):
        return None
    return F(int(whole)) + (F(int(frac), 10 ** len(frac)) if sep else 0)


def grade_value(system, text, tendency):
    t = text.strip(" \t")
    if system == "de":
        if len(t) == 1 and t in "123456":
            return F(int(t))
        if len(t) == 2 and t[0] in "123456" and t[1] == "+":
            return F(int(t[0])) - tendency
        if len(t) == 2 and t[0] in "12345" and t[1] in MINUS:
            return F(int(t[0])) + tendency
        if len(t) >= 3 and t[0] in "123456" and t[1] in ",.":
            v = decimal_text(t, 2)
            return v if v is not None and 1 <= v <= 6 else None
        return None
    if system == "np":
        if 1 <= len(t) <= 2 and all(c in DIGITS for c in t) and int(t) <= 15:
            return F(int(t))
        return None
    if system == "ch":
        if t[:1] not in list("123456"):
            return None
        v = decimal_text(t, 2)
        return v if v is not None and 1 <= v <= 6 else None
    if system == "at":
        return F(int(t)) if len(t) == 1 and t in "12345" else None
    raise ValueError(system)


def weight_value(w):
    if w is None:
        return F(1)
    v = decimal_text(str(w).strip(" \t"), 6)
    assert v is not None and v > 0, w
    return v


def zeugnis(inp):
    system = GRAMMAR_OF[inp["system"]]
    lo, hi, step, higher_better = SYSTEMS[system]
    tendency = TENDENCIES[inp.get("tendency", "0,3")]
    if "step" in inp:
        step = STEPS[inp["step"]]
    worse = inp.get("rounding", "better") == "worse"
    num, den = F(0), F(0)
    for cat in inp["categories"]:
        s, n = F(0), F(0)
        for g in cat.get("grades", []):
            text, w = (g, None) if not isinstance(g, dict) else (g["grade"], g.get("weight"))
            v = grade_value(system, str(text), tendency)
            assert v is not None, (system, text)
            s += weight_value(w) * v
            n += weight_value(w)
        if n:
            num += weight_value(cat.get("weight")) * (s / n)
            den += weight_value(cat.get("weight"))
    assert den > 0
    # docs/spec.md §9: a category without grades is named in the warnings, in the order given
    warnings = [f"Kategorie \u201e{c['name'].strip()}\u201c hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien."
                for c in inp["categories"] if not c.get("grades")]
    assert all(c["name"].isprintable() and len(c["name"]) <= 40 for c in inp["categories"])
    avg = num / den
    hundredths = math.trunc(avg * 100)  # towards zero, never rounded
    cut = F(hundredths, 100)
    k = math.floor(cut / step)
    below, above = k * step, (k + 1) * step
    middle = (below + above) / 2
    if cut < middle:
        proposal = below
    elif cut > middle:
        proposal = above
    else:
        better = above if higher_better else below
        worst = below if higher_better else above
        proposal = worst if worse else better
    proposal = min(max(proposal, lo), hi)
    # within a tenth of a step of the middle: 2,40–2,60 in de
    borderline = abs(cut - middle) <= step / 10
    out = {"average": f"{hundredths // 100},{hundredths % 100:02d}", "proposal": shown(proposal),
           "borderline": borderline}
    if warnings:  # the member is there only when there is a warning
        out["warnings"] = warnings
    return out


def shown(x):
    if x.denominator == 1:
        return str(x.numerator)
    for d in range(1, 5):
        if (x * 10 ** d).denominator == 1:
            n = int(x * 10 ** d)
            return f"{n // 10 ** d},{n % 10 ** d:0{d}d}".rstrip("0")
    raise ValueError(x)


def cat(name, grades, weight=None):
    c = {"name": name, "grades": grades}
    if weight is not None:
        c["weight"] = weight
    return c


def named_cases():
    """Hand-picked cases; the ones with a comment are checked by hand in HAND below."""
    c = []
    add = lambda name, inp: c.append((name, inp))
    # exact middles and both rounding settings
    for r in ("better", "worse"):
        add(f"de middle 2,50 {r}", {"system": "de", "rounding": r, "categories": [cat("s", ["2", "3"])]})
        add(f"np middle 7,50 {r}", {"system": "np", "rounding": r, "categories": [cat("s", ["7", "8"])]})
        add(f"ch middle 4,25 {r}", {"system": "ch", "rounding": r, "categories": [cat("s", ["4", "4,5"])]})
        add(f"at middle 3,50 {r}", {"system": "at", "rounding": r, "categories": [cat("s", ["3", "4"])]})
        add(f"ch step 1 middle 4,50 {r}", {"system": "ch", "step": "1", "rounding": r, "categories": [cat("s", ["4", "5"])]})
        add(f"ch step 0,1 middle 4,35 {r}", {"system": "ch", "step": "0,1", "rounding": r, "categories": [cat("s", ["4,3", "4,4"])]})
    # cut-off, never rounded
    add("de 2,6666 cut to 2,66", {"system": "de", "categories": [cat("s", ["2", "3", "3"])]})
    add("de 2,499 cut to 2,49", {"system": "de", "categories": [cat("s", [{"grade": "2,49", "weight": 1}, "2,5"], "1")]})
    add("de 2,4999 cut to 2,49", {"system": "de", "categories": [cat("s", [{"grade": "2,49", "weight": "9999"}, {"grade": "2,5", "weight": "9999"}, "2,49"])]})
    add("de 1/3 2- is 7/3", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["2-"])]})
    add("de 1/3 2- and 3+ is 8/3", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["2-", "3+", "3+"])]})
    # exactly a third: 0,333 instead would end a hundredth lower
    add("de 1/3 3- 3- 3- 2 is exactly 3,00", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["3-", "3-", "3-", "2"])]})
    add("de 1/3 2- 2- 2- 2 is exactly 2,25", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["2-", "2-", "2-", "2"])]})
    add("de 0,25 tendency", {"system": "de", "tendency": "0,25", "categories": [cat("s", ["2-", "2+", "3-"])]})
    add("de unicode minus", {"system": "de", "categories": [cat("s", ["2\u2212", "3"])]})
    add("de 6+ allowed", {"system": "de", "categories": [cat("s", ["6+", "6"])]})
    # clamping and extremes
    add("de 1+ with 0,3 is 0,70 -> 1", {"system": "de", "categories": [cat("s", ["1+"])]})
    add("de 1+ with 1/3 is 0,66 -> 1", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["1+"])]})
    add("de 1+ with 0,25 is 0,75 -> 1", {"system": "de", "tendency": "0,25", "categories": [cat("s", ["1+"])]})
    add("np 15", {"system": "np", "categories": [cat("s", ["15", 15])]})
    add("np 0", {"system": "np", "categories": [cat("s", ["0", "00"])]})
    add("ch 6 and 1", {"system": "ch", "categories": [cat("a", ["6"]), cat("b", ["1"])]})
    # weights: per grade, ratios, empty categories, numbers
    add("de per-grade weight", {"system": "de", "categories": [cat("schriftlich", ["2+", {"grade": "3", "weight": "2"}], "2"), cat("mündlich", ["2", "1-"], "1"), cat("Projekt", [], "1")]})
    add("de ratio 5:3:2", {"system": "de", "categories": [cat("Klausur", ["3"], "5"), cat("mündlich", ["2"], "3"), cat("Test", ["1"], "2")]})
    add("np ratio 50:30:20 as numbers", {"system": "np", "categories": [cat("Klausur", [9], 50), cat("mündlich", [12], 30), cat("Test", [14], 20)]})
    add("at decimal weights 0,6 0.4", {"system": "at", "categories": [cat("schriftlich", ["2"], "0,6"), cat("mündlich", ["3"], "0.4")]})
    add("empty category left out", {"system": "de", "categories": [cat("leer", [], "10"), cat("s", ["4"])]})
    add("category without grades member", {"system": "de", "categories": [{"name": "leer", "weight": 3}, cat("s", ["2-"])]})
    add("ch decimal grades", {"system": "ch", "categories": [cat("s", ["4,75", "5.25", "3,9"])]})
    # borderline edges (within a tenth of a step of the middle, inclusive)
    add("de borderline 2,40", {"system": "de", "categories": [cat("s", ["2,4"])]})
    add("de borderline 2,60", {"system": "de", "categories": [cat("s", ["2,6"])]})
    add("de not borderline 2,39", {"system": "de", "categories": [cat("s", ["2,39"])]})
    add("de not borderline 2,61", {"system": "de", "categories": [cat("s", ["2,61"])]})
    add("ch borderline 4,20", {"system": "ch", "categories": [cat("s", ["4,2"])]})
    add("ch borderline 4,30", {"system": "ch", "categories": [cat("s", ["4,3"])]})
    add("ch not borderline 4,19", {"system": "ch", "categories": [cat("s", ["4,19"])]})
    add("ch not borderline 4,31", {"system": "ch", "categories": [cat("s", ["4,31"])]})
    add("ch step 0,1 borderline 4,36", {"system": "ch", "step": "0,1", "categories": [cat("s", ["4,36"])]})
    add("ch step 0,1 not borderline 4,37", {"system": "ch", "step": "0,1", "categories": [cat("s", ["4,37"])]})
    add("np borderline 7,44", {"system": "np", "categories": [cat("s", [{"grade": "7", "weight": 14}, {"grade": 8, "weight": "11"}])]})
    add("np borderline 7,55", {"system": "np", "categories": [cat("s", [{"grade": "7", "weight": 9}, {"grade": 8, "weight": "11"}])]})
    add("np not borderline 7,39", {"system": "np", "categories": [cat("s", [{"grade": "7", "weight": 61}, {"grade": 8, "weight": "39"}])]})
    return c


# (case name, average, proposal, borderline) computed by hand from docs/spec.md §9
HAND = {
    "de middle 2,50 better": ("2,50", "2", True),
    "de middle 2,50 worse": ("2,50", "3", True),
    "np middle 7,50 better": ("7,50", "8", True),
    "np middle 7,50 worse": ("7,50", "7", True),
    "ch middle 4,25 better": ("4,25", "4,5", True),
    "ch middle 4,25 worse": ("4,25", "4", True),
    "de 2,6666 cut to 2,66": ("2,66", "3", False),
    "de 1/3 2- is 7/3": ("2,33", "2", False),
    "de 1/3 3- 3- 3- 2 is exactly 3,00": ("3,00", "3", False),
    "de 1/3 2- 2- 2- 2 is exactly 2,25": ("2,25", "2", False),
    "de 1+ with 0,3 is 0,70 -> 1": ("0,70", "1", False),
    # (2·(1,7 + 2·3)/3 + 1·(2 + 1,3)/2) / 3 = (15,4/3 + 1,65) / 3 = 2,2611…
    "de per-grade weight": ("2,26", "2", False),
    # (5·3 + 3·2 + 2·1) / 10 = 2,3
    "de ratio 5:3:2": ("2,30", "2", False),
    "de borderline 2,60": ("2,60", "3", True),
    "de not borderline 2,61": ("2,61", "3", False),
    "np borderline 7,55": ("7,55", "8", True),
    "np borderline 7,44": ("7,44", "7", True),
    "np not borderline 7,39": ("7,39", "7", False),
    "de borderline 2,40": ("2,40", "2", True),
    "de not borderline 2,39": ("2,39", "2", False),
    "ch borderline 4,30": ("4,30", "4,5", True),
    "ch not borderline 4,31": ("4,31", "4,5", False),
    "ch step 0,1 borderline 4,36": ("4,36", "4,4", True),
}


VOCABULARY = {
    "de": ["1", "1+", "1-", "2+", "2", "2-", "3+", "3", "3-", "4+", "4", "4-", "5+", "5", "5-", "6+", "6",
           "2\u2212", "2,3", "3.7", "1,0", "4,75", "6,0"],
    "np": [str(n) for n in range(16)] + [7, 13],
    "ch": ["1", "2,5", "3", "3,75", "4", "4.5", "4,8", "5", "5,25", "5,5", "6", "4,33"],
    "at": ["1", "2", "3", "4", "5", 2],
}
WEIGHTS = [None, "1", "2", "3", "0,5", "1.5", 2, 1, "0,25", "10"]


def random_cases(rng):
    out = []
    for system in ("de", "np", "ch", "at"):
        for i in range(40):
            inp = {"system": system}
            if system == "de" and i % 4:
                inp["tendency"] = ["0,3", "0,25", "1/3"][i % 3]
            if system == "ch" and i % 3:
                inp["step"] = ["0,5", "1", "0,1"][i % 3]
            if i % 2:
                inp["rounding"] = ["better", "worse"][i % 4 // 2]
            cats = []
            for k in range(rng.randint(1, 4)):
                grades = []
                for _ in range(rng.choice([0, 1, 2, 3, 5, 8]) if k else rng.randint(1, 6)):
                    g = rng.choice(VOCABULARY[system])
                    w = rng.choice(WEIGHTS)
                    grades.append(g if w is None else {"grade": g, "weight": w})
                c = cat(f"Kategorie {k + 1}", grades, rng.choice(WEIGHTS))
                cats.append(c)
            inp["categories"] = cats
            out.append((f"{system} random {i + 1}", inp))
    return out


def invalid_cases():
    """Refused inputs with their exact German message (written by hand, not computed)."""
    s = lambda grades, system="de", **kw: dict({"system": system, "categories": [cat("schriftlich", grades)]}, **kw)
    note = "ist keine Note von 1 bis 6"
    return [
        ("de 7", s(["7"]), "schriftlich: \u201e7\u201c " + note + "."),
        ("de 6-", s(["2", "6-"]), "schriftlich: \u201e6-\u201c " + note + "."),
        ("de 6 unicode minus", s(["6\u2212"]), "schriftlich: \u201e6\u2212\u201c " + note + "."),
        ("de 0", s(["0"]), "schriftlich: \u201e0\u201c " + note + "."),
        ("de 6,5", s(["6,5"]), "schriftlich: \u201e6,5\u201c " + note + "."),
        ("de 0,9", s(["0,9"]), "schriftlich: \u201e0,9\u201c " + note + "."),
        ("de 2,345", s(["2,345"]), "schriftlich: \u201e2,345\u201c " + note + "."),
        ("de 2,", s(["2,"]), "schriftlich: \u201e2,\u201c " + note + "."),
        ("de 2++", s(["2++"]), "schriftlich: \u201e2++\u201c " + note + "."),
        ("de 2,3+", s(["2,3+"]), "schriftlich: \u201e2,3+\u201c " + note + "."),
        ("de empty grade", s([""]), "schriftlich: \u201e\u201c " + note + "."),
        ("de arabic-indic digit", s(["\u0662"]), "schriftlich: \u201e\u0662\u201c " + note + "."),
        ("de control character escaped", s(["2\u0007"]), "schriftlich: \u201e2\\a\u201c " + note + "."),
        ("np 16", s(["16"], "np"), "schriftlich: \u201e16\u201c ist keine Punktzahl von 0 bis 15."),
        ("np 7,5", s(["7,5"], "np"), "schriftlich: \u201e7,5\u201c ist keine Punktzahl von 0 bis 15."),
        ("np 2+", s(["2+"], "np"), "schriftlich: \u201e2+\u201c ist keine Punktzahl von 0 bis 15."),
        ("np -1 number", s([-1], "np"), "schriftlich: \u201e-1\u201c ist keine Punktzahl von 0 bis 15."),
        ("ch 6,25", s(["6,25"], "ch"), "schriftlich: \u201e6,25\u201c ist keine Note von 1 bis 6 (h\u00f6chstens zwei Nachkommastellen)."),
        ("ch 4,125", s(["4,125"], "ch"), "schriftlich: \u201e4,125\u201c ist keine Note von 1 bis 6 (h\u00f6chstens zwei Nachkommastellen)."),
        ("ch 0,5", s(["0,5"], "ch"), "schriftlich: \u201e0,5\u201c ist keine Note von 1 bis 6 (h\u00f6chstens zwei Nachkommastellen)."),
        ("at 6", s(["6"], "at"), "schriftlich: \u201e6\u201c ist keine Note von 1 bis 5."),
        ("at 2,5", s(["2,5"], "at"), "schriftlich: \u201e2,5\u201c ist keine Note von 1 bis 5."),
        ("at 2+", s(["2+"], "at"), "schriftlich: \u201e2+\u201c ist keine Note von 1 bis 5."),
        ("no grades at all", {"system": "de", "categories": [cat("a", []), cat("b", [])]},
         "Keine Note angegeben: der Durchschnitt braucht mindestens eine Note."),
        ("no categories", {"system": "de", "categories": []},
         "Keine Note angegeben: der Durchschnitt braucht mindestens eine Note."),
        ("no system", {"categories": [cat("s", ["2"])]}, "Das Feld \u201esystem\u201c fehlt (" + ", ".join(IDS[:-1]) + " oder " + IDS[-1] + ")."),
        ("unknown system", s(["2"], "us"), "Unbekanntes Notensystem \u201eus\u201c: erlaubt sind " + ", ".join(IDS[:-1]) + " und " + IDS[-1] + "."),
        ("unknown member", s(["2"], extra=1), "Unbekanntes Feld \u201eextra\u201c."),
        ("unknown member of a category", {"system": "de", "categories": [{"name": "s", "grades": [], "farbe": "rot"}]},
         "Kategorie 1: unbekanntes Feld \u201efarbe\u201c."),
        ("unknown member of a grade", s([{"grade": "2", "gewicht": 2}]), "Kategorie 1, Note 1: unbekanntes Feld \u201egewicht\u201c."),
        ("grade object without grade", s([{"weight": 2}]), "Kategorie 1, Note 1: das Feld \u201egrade\u201c fehlt."),
        ("category weight 0", {"system": "de", "categories": [cat("m\u00fcndlich", ["2"], "0")]},
         "m\u00fcndlich: Gewicht \u201e0\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("category weight negative number", {"system": "de", "categories": [cat("s", ["2"], -1)]},
         "s: Gewicht \u201e-1\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("category weight a word", {"system": "de", "categories": [cat("s", ["2"], "doppelt")]},
         "s: Gewicht \u201edoppelt\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("category weight 1,5,0", {"system": "de", "categories": [cat("s", ["2"], "1,5,0")]},
         "s: Gewicht \u201e1,5,0\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("grade weight 0", s([{"grade": "3", "weight": "0,0"}]),
         "schriftlich: Gewicht \u201e0,0\u201c der Note \u201e3\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("tendency 0,5", s(["2"], tendency="0,5"), "tendency \u201e0,5\u201c ist nicht 0,3, 0,25 oder 1/3."),
        ("tendency outside de", s(["2"], "np", tendency="0,3"), "tendency gilt nur f\u00fcr die Notensysteme noten-plus-minus, noten und noten-dezimal."),
        ("step 0,25", s(["2"], "ch", step="0,25"), "step \u201e0,25\u201c ist nicht 0,5, 1 oder 0,1."),
        ("step outside ch", s(["2"], "de", step="1"), "step gilt nur f\u00fcr das Notensystem schweiz."),
        ("rounding up", s(["2"], rounding="up"), "rounding \u201eup\u201c ist weder better noch worse."),
        ("category without name", {"system": "de", "categories": [cat("s", ["2"]), {"grades": ["2"]}]},
         "Kategorie 2 hat keinen Namen."),
        ("same category twice", {"system": "de", "categories": [cat("s", ["2"]), cat("s", ["3"])]},
         "Die Kategorie \u201es\u201c kommt zweimal vor."),
        ("categories not a list", {"system": "de", "categories": {"s": ["2"]}}, "categories ist keine Liste."),
        ("grades not a list", {"system": "de", "categories": [{"name": "s", "grades": "2, 3"}]},
         "Kategorie 1: grades ist keine Liste."),
        ("system a number", {"system": 1, "categories": []}, "system ist kein Text."),
        ("grade true", s([True]), "Kategorie 1, Note 1 ist weder Text noch Zahl."),
        ("not an object", ["de"], "Die Eingabe ist kein JSON-Objekt."),
        ("target 2+ is no report grade", s(["2"], target={"grade": "2+", "category": "schriftlich"}),
         "target: \u201e2+\u201c ist keine Zeugnisnote dieses Systems (1 bis 6 in Schritten von 1)."),
        ("target 4,25 between Swiss halves", s(["4"], "ch", target={"grade": "4,25", "category": "schriftlich"}),
         "target: \u201e4,25\u201c ist keine Zeugnisnote dieses Systems (6 bis 1 in Schritten von 0,5)."),
        ("target 16 points", s(["7"], "np", target={"grade": 16, "category": "schriftlich"}),
         "target: \u201e16\u201c ist keine Zeugnisnote dieses Systems (15 bis 0 in Schritten von 1)."),
        ("target in an unknown category", s(["2"], target={"grade": "2", "category": "Referat"}),
         "target: die Kategorie \u201eReferat\u201c gibt es nicht."),
        ("target without category", s(["2"], target={"grade": "2"}), "target: das Feld \u201ecategory\u201c fehlt."),
        ("target without grade", s(["2"], target={"category": "schriftlich"}), "target: das Feld \u201egrade\u201c fehlt."),
        ("target weight 0", s(["2"], target={"grade": "2", "category": "schriftlich", "weight": "0"}),
         "target: Gewicht \u201e0\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
        ("target unknown member", s(["2"], target={"grade": "2", "category": "schriftlich", "ziel": 1}),
         "target: unbekanntes Feld \u201eziel\u201c."),
        ("target not an object", s(["2"], target="2"), "target ist kein JSON-Objekt."),
        ("target in a full category", s(["2"] * 500, target={"grade": "2", "category": "schriftlich"}),
         "target: \u201eschriftlich\u201c hat schon 500 Noten, mehr nimmt die Kategorie nicht."),
    ]


RAW_INVALID = [
    # inputs that are not JSON values of their own: given as the bytes typed
    ("repeated member", '{"system": "de", "system": "np", "categories": []}', "Das Feld \u201esystem\u201c steht zweimal da."),
    ("broken JSON", '{"system": "de", ', "Die Eingabe ist kein JSON-Objekt."),
    ("trailing text", '{"system": "de", "categories": [{"name": "s", "grades": ["2"]}]} x', "Die Eingabe ist kein JSON-Objekt."),
    ("empty input", "", "Die Eingabe ist kein JSON-Objekt."),
    ("weight with an exponent", '{"system": "de", "categories": [{"name": "s", "weight": 1e2, "grades": ["2"]}]}',
     "s: Gewicht \u201e1e2\u201c ist keine Zahl gr\u00f6\u00dfer als 0."),
]


def by_id(inp):
    """The input with its system named by the grading id."""
    if isinstance(inp, dict) and inp.get("system") in GRADING_ID:
        return dict(inp, system=GRADING_ID[inp["system"]])
    return inp


def alias_cases():
    """The short names and the German systems that share de's grammar, named as typed."""
    c = []
    for system, grades in (("de", ["2-", "3+", "2,5"]), ("np", ["7", 12]), ("ch", ["4,75", 5]), ("at", ["2", 3])):
        c.append((f"alias {system}", {"system": system, "categories": [cat("s", grades)]}))
    c.append(("alias de with tendency 1/3", {"system": "de", "tendency": "1/3", "categories": [cat("s", ["2-", "3+"])]}))
    c.append(("alias ch with step 1", {"system": "ch", "step": "1", "categories": [cat("s", ["4", "5"])]}))
    for system in ("noten", "noten-dezimal"):
        c.append((f"{system} tendency 0,25", {"system": system, "tendency": "0,25", "categories": [cat("s", ["2-", "2,3", "1+"])]}))
        c.append((f"{system} middle 2,50 worse", {"system": system, "rounding": "worse", "categories": [cat("s", ["2", "3"])]}))
    return c


# "Welche Note brauche ich noch?" (docs/spec.md §9): the grades one more test can get, best first, as a
# pupil writes them: + and − only in noten-plus-minus, tenths in noten-dezimal and schweiz.
def walk_grades(system_id):
    if system_id in ("noten-plus-minus", "de"):
        return [g for n in range(1, 7) for g in (f"{n}+", f"{n}", f"{n}-") if g != "6-"]
    if system_id == "noten":
        return [str(n) for n in range(1, 7)]
    if system_id in ("oesterreich", "at"):
        return [str(n) for n in range(1, 6)]
    if system_id == "noten-dezimal":
        return [f"{t // 10},{t % 10}" for t in range(10, 61)]
    if system_id in ("schweiz", "ch"):
        return [f"{t // 10}" if t % 10 == 0 else f"{t // 10},{t % 10}" for t in range(60, 9, -1)]
    if system_id in ("notenpunkte", "np"):
        return [str(p) for p in range(15, -1, -1)]
    raise ValueError(system_id)


def needed(inp):
    """The worst grade of the walk whose proposal is the target or better, found by trying every grade."""
    t = inp["target"]
    lo, hi, step, higher_better = SYSTEMS[GRAMMAR_OF[inp["system"]]]
    goal = decimal_text(str(t["grade"]), 2)
    base = {k: v for k, v in inp.items() if k != "target"}

    def reached(grade):
        cats = [dict(c, grades=list(c.get("grades", [])) + ([grade if "weight" not in t else {"grade": grade, "weight": t["weight"]}]
                                                              if c["name"] == t["category"] else []))
                for c in base["categories"]]
        r = zeugnis(dict(base, categories=cats))
        p = decimal_text(r["proposal"], 4)
        return r, (p >= goal if higher_better else p <= goal)

    grades = walk_grades(inp["system"])
    tries = [(g,) + reached(g) for g in grades]
    ok = [x for x in tries if x[2]]
    if not ok:
        g, r, _ = tries[0]
        answer = "unreachable"
    elif tries[-1][2]:
        g, r, _ = tries[-1]
        answer = "safe"
    else:
        g, r, _ = ok[-1]  # the worst that reaches it: the last of the best-first list that does
        answer = "grade"
    # the walk is monotone: once a grade misses the target, every worse one does
    flags = [x[2] for x in tries]
    assert flags == sorted(flags, reverse=True), (inp, flags)
    return {"answer": answer, "grade": g, "average": r["average"], "proposal": r["proposal"]}


def needed_cases():
    """Hand-picked targets (checked by hand in NEEDED_HAND) and random ones over the random reports."""
    c = []
    add = lambda name, inp: c.append((name, inp))
    s = lambda *grades: cat("schriftlich", list(grades), "2")
    m = lambda *grades: cat("m\u00fcndlich", list(grades), "1")
    add("de 2 needs a 3", {"system": "de", "categories": [s("2", "3"), m("2")], "target": {"grade": "2", "category": "schriftlich"}})
    add("de 2 needs 3 into an empty category", {"system": "de", "categories": [s("2", "2"), m()], "target": {"grade": "2", "category": "m\u00fcndlich"}})
    add("de 1 unreachable", {"system": "de", "categories": [s("3", "3", "3")], "target": {"grade": "1", "category": "schriftlich"}})
    add("de 4 already safe", {"system": "de", "categories": [s("1", "1", "1", "1")], "target": {"grade": "4", "category": "schriftlich"}})
    add("de middle better", {"system": "de", "categories": [s("2", "3")], "target": {"grade": "2", "category": "schriftlich"}})
    add("de middle worse", {"system": "de", "rounding": "worse", "categories": [s("2", "3")], "target": {"grade": "2", "category": "schriftlich"}})
    add("de tendency 1/3", {"system": "de", "tendency": "1/3", "categories": [s("2-", "3+"), m("3")], "target": {"grade": "2", "category": "m\u00fcndlich"}})
    add("de weight 2", {"system": "de", "categories": [s("3", "3"), m("2")], "target": {"grade": "2", "category": "schriftlich", "weight": "2"}})
    add("noten whole grades", {"system": "noten", "categories": [s("2", "3")], "target": {"grade": "2", "category": "schriftlich"}})
    add("noten-dezimal tenths", {"system": "noten-dezimal", "categories": [s("2,3", "2,8")], "target": {"grade": "2", "category": "schriftlich"}})
    add("np 10 points", {"system": "np", "categories": [s("9", "11"), m("8")], "target": {"grade": 10, "category": "schriftlich"}})
    add("np 5 safe", {"system": "np", "categories": [s("14", "15", "13")], "target": {"grade": "5", "category": "schriftlich"}})
    add("ch 4,5 halves", {"system": "ch", "categories": [s("4", "4,5")], "target": {"grade": "4,5", "category": "schriftlich"}})
    add("ch 4 step 1", {"system": "ch", "step": "1", "categories": [s("3,5", "4")], "target": {"grade": "4", "category": "schriftlich"}})
    add("at 3", {"system": "at", "categories": [s("3", "4"), m("3")], "target": {"grade": "3", "category": "schriftlich"}})
    add("at 1 unreachable", {"system": "at", "categories": [s("4", "4", "4")], "target": {"grade": "1", "category": "schriftlich"}})
    return c


# (case name) -> (answer, grade, average, proposal), computed by hand from docs/spec.md §9
NEEDED_HAND = {
    # schriftlich (2 + 3 + 3) / 3 = 2,6667; (2 · 2,6667 + 2) / 3 = 2,44 -> 2; with 3-: 2,7667 -> 2,51 -> 3
    "de 2 needs a 3": ("grade", "3", "2,44", "2"),
    # (2 · 2 + 3) / 3 = 2,33 -> 2; with 3-: (4 + 3,3) / 3 = 2,43 -> 2; with 4+: (4 + 3,7) / 3 = 2,56 -> 3
    "de 2 needs 3 into an empty category": ("grade", "3-", "2,43", "2"),
    # even 1+: (3 + 3 + 3 + 0,7) / 4 = 2,42 -> 2, not 1
    "de 1 unreachable": ("unreachable", "1+", "2,42", "2"),
    # even 6: (1 + 1 + 1 + 1 + 6) / 5 = 2,00
    "de 4 already safe": ("safe", "6", "2,00", "2"),
    # (2 + 3 + 3) / 3 = 2,66 -> 3; (2 + 3 + 2-) / 3 = 2,43 -> 2; (2 + 3 + 3+) / 3 = 2,56 -> 3
    "de middle better": ("grade", "2-", "2,43", "2"),
    # with 11: (9 + 11 + 11) / 3 = 10,3333, (2 · 10,3333 + 8) / 3 = 9,55 -> 10;
    # with 10: (9 + 11 + 10) / 3 = 10, (2 · 10 + 8) / 3 = 9,33 -> 9
    "np 10 points": ("grade", "11", "9,55", "10"),
    # (4 + 4,5 + 4,4) / 3 = 4,30 -> 4,5 (over 4,25); with 4,3: 4,26 -> 4,5; with 4,2: 4,23 -> 4
    "ch 4,5 halves": ("grade", "4,3", "4,26", "4,5"),
}


def main():
    cases = [(n, by_id(i)) for n, i in named_cases() + random_cases(random.Random(20260601))] + alias_cases()
    out = []
    names = set()
    for name, inp in cases:
        assert name not in names, name
        names.add(name)
        out.append(dict({"name": name, "input": inp}, **zeugnis(inp)))
    for name, (average, proposal, borderline) in HAND.items():
        got = next(c for c in out if c["name"] == name)
        assert (got["average"], got["proposal"], got["borderline"]) == (average, proposal, borderline), (name, got)
    systems = {c["input"]["system"] for c in out}
    assert systems == set(IDS) | set(SYSTEMS) and len(out) >= 150, len(out)
    assert any(c["borderline"] for c in out) and any(c["input"].get("tendency") == "1/3" for c in out)
    invalid = [{"name": n, "input": by_id(i), "message": m} for n, i, m in invalid_cases()]
    invalid += [{"name": n, "raw": r, "message": m} for n, r, m in RAW_INVALID]
    need = []
    for name, inp in needed_cases():
        inp = by_id(inp)
        need.append(dict({"name": name, "input": inp}, **zeugnis({k: v for k, v in inp.items() if k != "target"}), needed=needed(inp)))
    rng = random.Random(20261128)
    for c in out:
        if "random" not in c["name"] or rng.random() < 0.5:
            continue
        inp = c["input"]
        names = [k["name"] for k in inp["categories"]]
        lo, hi, step, _ = SYSTEMS[GRAMMAR_OF[inp["system"]]]
        step = STEPS.get(inp.get("step"), step)
        goals = [lo + step * k for k in range(int((hi - lo) / step) + 1)]
        target = {"grade": shown(rng.choice(goals)), "category": rng.choice(names)}
        if rng.random() < 0.3:
            target["weight"] = rng.choice(["2", "0,5", 3])
        inp = dict(inp, target=target)
        need.append(dict({"name": "needed " + c["name"], "input": inp},
                         **{k: c[k] for k in ("average", "proposal", "borderline", "warnings") if k in c}, needed=needed(inp)))
    for name, want in NEEDED_HAND.items():
        got = next(c for c in need if c["name"] == name)["needed"]
        assert (got["answer"], got["grade"], got["average"], got["proposal"]) == want, (name, got)
    answers = {c["needed"]["answer"] for c in need}
    assert answers == {"grade", "unreachable", "safe"}, answers
    for name, data in (("cases.json", out), ("invalid.json", invalid), ("needed.json", need)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            # one case a line: a changed expectation is a changed line in the diff
            f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in data) + "\n]\n")
    print(f"{len(out)} cases, {len(invalid)} refused inputs, {len(need)} targets")


if __name__ == "__main__":
    main()
