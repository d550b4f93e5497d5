"""The Abitur average (docs/spec.md §12) as an oracle, independent of the code under test.

Writes abitur.json: inputs as a pupil types them (the total, or Block I and Block II, and optionally the
number of courses counted in Block I, how many of them are under 5 points, and how many of the five exam
components have at least 5 points) with either the answer (the Durchschnittsnote, passed, each rule that
failed with its source, the points the next better 0,1 needs, the German working) or every refused field
with its German message. Transcribed from the KMK's "Vereinbarung zur Gestaltung der gymnasialen Oberstufe
und der Abiturprüfung" (docs/grading-systems.md, "Abitur"): the Anlage's formula N = 17/3 − E/180, cut
after the first decimal, evaluated with fractions.Fraction, and checked against the Anlage's table, written
out below row by row. The next better note is found by trying every higher total, not by solving the
formula. Run by generate.py. Python 3.11 standard library only.
"""

import json
import math
import re
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent

SOURCE = "KMK-Vereinbarung zur gymnasialen Oberstufe"
SOURCES = {
    "block1": f"{SOURCE}, Gesamtqualifikation: Block I",
    "block2": f"{SOURCE}, Gesamtqualifikation: Block II",
    "gesamt": f"{SOURCE}, Gesamtqualifikation: Block I und Block II",
    "unter5": f"{SOURCE}, Gesamtqualifikation: Block I",
    "pruefungen": f"{SOURCE}, Gesamtqualifikation: Block II",
}
FIELDS = ("gesamt", "block1", "block2", "kurse", "unter5", "pruefungen")
MAX = {"gesamt": 900, "block1": 600, "block2": 300, "pruefungen": 5}
MSG = {
    "none": "Gesamtpunktzahl oder Block I und Block II eingeben.",
    "both": "Entweder die Gesamtpunktzahl oder Block I und Block II eingeben, nicht beides.",
    "block1": "Block I fehlt.",
    "block2": "Block II fehlt.",
    "range": "Eine ganze Zahl von {lo} bis {hi}.",
}

# The Anlage's table: the totals of each Durchschnittsnote, from 4,0 to 1,0 (written out as printed).
TABLE = [
    ("4,0", 300, 300), ("3,9", 301, 318), ("3,8", 319, 336), ("3,7", 337, 354), ("3,6", 355, 372),
    ("3,5", 373, 390), ("3,4", 391, 408), ("3,3", 409, 426), ("3,2", 427, 444), ("3,1", 445, 462),
    ("3,0", 463, 480), ("2,9", 481, 498), ("2,8", 499, 516), ("2,7", 517, 534), ("2,6", 535, 552),
    ("2,5", 553, 570), ("2,4", 571, 588), ("2,3", 589, 606), ("2,2", 607, 624), ("2,1", 625, 642),
    ("2,0", 643, 660), ("1,9", 661, 678), ("1,8", 679, 696), ("1,7", 697, 714), ("1,6", 715, 732),
    ("1,5", 733, 750), ("1,4", 751, 768), ("1,3", 769, 786), ("1,2", 787, 804), ("1,1", 805, 822),
    ("1,0", 823, 900),
]

# Whole numbers only, as typed: spaces, tabs and no-break spaces around them are ignored.
WHOLE = re.compile(r"[0-9]{1,4}")


def typed(text: str | None):
    """None for an empty field, the number, or "bad"."""
    if text is None:
        return None
    t = text.strip(" \t\u00a0")
    if t == "":
        return None
    return int(t) if WHOLE.fullmatch(t) else "bad"


def tenths(e: int) -> int:
    """The Anlage: N = 17/3 - E/180, one decimal, cut, not rounded; 823 to 900 points give 1,0."""
    if e >= 823:
        return 10
    return math.floor((Fraction(17, 3) - Fraction(e, 180)) * 10)


def note_text(t: int) -> str:
    return f"{t // 10},{t % 10}"


def decimal(x: Fraction) -> str:
    """x in German: exact when it ends within four decimals (at least one shown), else four cut and "…"."""
    for places in range(1, 5):
        if (x * 10**places).denominator == 1:
            n = int(x * 10**places)
            return f"{n // 10**places},{str(n % 10**places).rjust(places, '0')}"
    n = math.floor(x * 10**4)
    return f"{n // 10**4},{str(n % 10**4).rjust(4, '0')}…"


def points(n: int) -> str:
    return "1 Punkt" if n == 1 else f"{n} Punkte"


def refuse(inp: dict) -> dict:
    v = {f: typed(inp.get(f)) for f in FIELDS}
    errors = {}
    for f, hi in MAX.items():
        if v[f] == "bad" or (isinstance(v[f], int) and v[f] > hi):
            errors[f] = MSG["range"].format(lo=0, hi=hi)
    if v["kurse"] == "bad" or (isinstance(v["kurse"], int) and not 1 <= v["kurse"] <= 60):
        errors["kurse"] = MSG["range"].format(lo=1, hi=60)
    courses = v["kurse"] if isinstance(v["kurse"], int) and 1 <= v["kurse"] <= 60 else 40
    if "kurse" not in errors and (v["unter5"] == "bad" or (isinstance(v["unter5"], int) and v["unter5"] > courses)):
        errors["unter5"] = MSG["range"].format(lo=0, hi=courses)
    has_total, b1, b2 = v["gesamt"] is not None, v["block1"] is not None, v["block2"] is not None
    if has_total and (b1 or b2):
        errors["gesamt"] = MSG["both"]
    elif not has_total and not b1 and not b2:
        errors["gesamt"] = MSG["none"]
    elif not has_total and not b1:
        errors.setdefault("block1", MSG["block1"])
    elif not has_total and not b2:
        errors.setdefault("block2", MSG["block2"])
    return errors


def answer(inp: dict) -> dict:
    v = {f: typed(inp.get(f)) for f in FIELDS}
    steps, failures = [], []

    def fail(rule: str, message: str) -> None:
        failures.append({"rule": rule, "message": message, "source": SOURCES[rule]})

    if v["gesamt"] is not None:
        e = v["gesamt"]
        ok = e >= 300
        steps.append(f"Gesamtpunktzahl E = {points(e)} (mindestens 300, höchstens 900) – "
                     + ("erfüllt." if ok else "nicht erfüllt."))
        steps.append("Ob Block I mindestens 200 und Block II mindestens 100 Punkte hat, "
                     "zeigt erst die Eingabe beider Blöcke.")
        if not ok:
            fail("gesamt", f"Gesamtpunktzahl {e} – mindestens 300 sind nötig (200 in Block I und 100 in Block II).")
    else:
        b1, b2 = v["block1"], v["block2"]
        for rule, name, p, lo, hi in (("block1", "Block I", b1, 200, 600), ("block2", "Block II", b2, 100, 300)):
            ok = p >= lo
            steps.append(f"{name}: {points(p)} (mindestens {lo}, höchstens {hi}) – "
                         + ("erfüllt." if ok else "nicht erfüllt."))
            if not ok:
                fail(rule, f"{name}: {points(p)} – mindestens {lo} sind nötig (ein Drittel von {hi}).")
        e = b1 + b2
        steps.append(f"Gesamtpunktzahl E = {b1} + {b2} = {points(e)}.")
    if v["unter5"] is not None:
        courses = v["kurse"] if v["kurse"] is not None else 40
        allowed = courses // 5  # höchstens 20 % der eingebrachten Kurse
        ok = v["unter5"] <= allowed
        steps.append(f"Kurse unter 5 Punkten: {v['unter5']} von {courses}, erlaubt sind höchstens {allowed} (20 %) – "
                     + ("erfüllt." if ok else "nicht erfüllt."))
        if not ok:
            fail("unter5", f"{v['unter5']} von {courses} Kursen unter 5 Punkten – höchstens {allowed} (20 %) sind erlaubt.")
    if v["pruefungen"] is not None:
        p = v["pruefungen"]
        ok = p >= 3
        steps.append(f"Prüfungskomponenten mit mindestens 5 Punkten: {p} von 5, nötig sind 3 – "
                     + ("erfüllt." if ok else "nicht erfüllt."))
        # The count says nothing of the level: the sentence must not call that part of the rule fulfilled.
        steps.append("Dass eine davon ein Fach auf erhöhtem Anforderungsniveau sein muss, prüft dieser Rechner nicht.")
        if not ok:
            fail("pruefungen", f"{p} Prüfungskomponenten mit mindestens 5 Punkten – mindestens 3 sind nötig, "
                               "darunter ein Fach auf erhöhtem Anforderungsniveau.")
    passed = not failures
    result = {"note": "", "passed": passed, "total": e, "failures": failures, "next": None, "steps": steps}
    if not passed:
        steps.append("Nicht bestanden: Eine Durchschnittsnote gibt es erst, wenn jede Mindestbedingung erfüllt ist.")
        return result
    t = tenths(e)
    result["note"] = note_text(t)
    if e >= 823:
        steps.append(f"E = {e} liegt zwischen 823 und 900 Punkten: Die Durchschnittsnote ist 1,0.")
    else:
        n = Fraction(17, 3) - Fraction(e, 180)
        steps.append(f"N = 17/3 − E/180 = 17/3 − {e}/180 = {decimal(n)}; nach der ersten Nachkommastelle "
                     f"abgeschnitten, nicht gerundet: {note_text(t)}.")
    better = next((x for x in range(e + 1, 901) if tenths(x) < t), None)
    if better is None:
        steps.append("1,0 ist die beste Durchschnittsnote.")
    else:
        result["next"] = {"note": note_text(tenths(better)), "total": better, "missing": better - e}
        missing = better - e
        verb = "fehlt" if missing == 1 else "fehlen"
        steps.append(f"Für {note_text(tenths(better))} {verb} noch {points(missing)}: ab {better} Punkten.")
    return result


def case(name: str, **inp: str) -> dict:
    errors = refuse(inp)
    return {"name": name, "input": inp, "errors": errors} if errors else {"name": name, "input": inp, "result": answer(inp)}


def self_check() -> None:
    """The Anlage's table and its examples, before anything is written."""
    for label, lo, hi in TABLE:
        for e in range(lo, hi + 1):
            assert note_text(tenths(e)) == label, (e, label)
    assert [r[1] for r in TABLE] == sorted(r[1] for r in TABLE) and TABLE[-1][2] == 900
    assert all(TABLE[i][2] + 1 == TABLE[i + 1][1] for i in range(len(TABLE) - 1))
    assert answer({"gesamt": "765"})["note"] == "1,4"
    assert answer({"gesamt": "823"})["note"] == "1,0" and answer({"gesamt": "822"})["note"] == "1,1"
    assert answer({"gesamt": "300"})["note"] == "4,0" and answer({"gesamt": "301"})["note"] == "3,9"
    assert answer({"gesamt": "765"})["next"] == {"note": "1,3", "total": 769, "missing": 4}
    # 900 points would be N = 0,6 by the formula alone: the Anlage gives 1,0 from 823 on.
    assert math.floor((Fraction(17, 3) - Fraction(900, 180)) * 10) == 6
    assert decimal(Fraction(17, 3) - Fraction(765, 180)) == "1,4166…"
    assert decimal(Fraction(17, 3) - Fraction(300, 180)) == "4,0"


def cases() -> list[dict]:
    out = [case(f"Gesamt {e}", gesamt=str(e)) for e in [0, 1, 100, 200, 299] + list(range(300, 901))]
    # Each table row's ends, reached through the blocks.
    for label, lo, hi in TABLE:
        for e in sorted({lo, hi}):
            b2 = min(300, max(100, e - 200 - (e - 300) * 2 // 3))
            out.append(case(f"Blöcke für {label}: {e - b2} + {b2}", block1=str(e - b2), block2=str(b2)))
    out += [
        case("das Beispiel: 520 + 245", block1="520", block2="245"),
        case("Höchstpunktzahl", block1="600", block2="300"),
        case("Block I unter 200", block1="199", block2="300"),
        case("Block I genau 200", block1="200", block2="100"),
        case("Block II unter 100", block1="600", block2="99"),
        case("beide Blöcke unter dem Minimum", block1="150", block2="80"),
        case("null Punkte", block1="0", block2="0"),
        case("8 von 40 Kursen unter 5", gesamt="650", unter5="8"),
        case("9 von 40 Kursen unter 5", gesamt="650", unter5="9"),
        case("6 von 32 Kursen unter 5", block1="400", block2="200", kurse="32", unter5="6"),
        case("7 von 32 Kursen unter 5", block1="400", block2="200", kurse="32", unter5="7"),
        case("7 von 36 Kursen unter 5", block1="400", block2="200", kurse="36", unter5="7"),
        case("0 Kurse unter 5", gesamt="700", kurse="40", unter5="0"),
        case("Kurse ohne Zahl unter 5", gesamt="700", kurse="36"),
        case("3 Prüfungskomponenten ab 5", gesamt="500", pruefungen="3"),
        case("2 Prüfungskomponenten ab 5", gesamt="500", pruefungen="2"),
        case("alle Regeln verfehlt", block1="100", block2="50", unter5="20", pruefungen="0"),
        case("Gesamt unter 300 und zu viele Unterkurse", gesamt="250", unter5="9", pruefungen="1"),
        case("Leerraum um die Zahlen", block1=" 520\t", block2="\u00a0245 "),
        case("führende Nullen", gesamt="0765"),
        case("leere Blöcke neben der Gesamtzahl", gesamt="765", block1="", block2=" "),
        # refused
        case("nichts eingegeben"),
        case("nur Leerraum", gesamt="  "),
        case("Gesamt und Block I", gesamt="765", block1="520"),
        case("nur Block I", block1="520"),
        case("nur Block II", block2="245"),
        case("Gesamt über 900", gesamt="901"),
        case("Block I über 600", block1="601", block2="200"),
        case("Block II über 300", block1="500", block2="301"),
        case("Komma", gesamt="765,5"),
        case("Punkt", gesamt="765.0"),
        case("negativ", gesamt="-5"),
        case("Plus", gesamt="+765"),
        case("Buchstaben", block1="abc", block2="x"),
        case("fünf Stellen", gesamt="00765"),
        case("Ziffern anderer Schrift", gesamt="７６５"),
        case("Zahl mit Leerzeichen", gesamt="7 65"),
        case("Kurse 0", gesamt="700", kurse="0", unter5="0"),
        case("Kurse 61", gesamt="700", kurse="61"),
        case("mehr Unterkurse als Kurse", gesamt="700", kurse="32", unter5="33"),
        case("mehr Unterkurse als 40", gesamt="700", unter5="41"),
        case("Unterkurse bei falscher Kurszahl", gesamt="700", kurse="x", unter5="99"),
        case("6 Prüfungskomponenten", gesamt="700", pruefungen="6"),
        case("Block II fehlt, Block I zu groß", block1="700"),
    ]
    return out


def build() -> list[dict]:
    self_check()
    return cases()


if __name__ == "__main__":
    import sys

    sys.dont_write_bytecode = True
    print(json.dumps(build()[:3], ensure_ascii=False, indent=1))
