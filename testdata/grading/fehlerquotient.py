"""The Fehlerquotient (docs/spec.md §13) as an oracle, independent of the code under test.

Writes fehlerquotient.json: the published rules (docs/grading-systems.md, "Sprachrichtigkeit") as data, and
cases of words and errors as typed with either the result (the quotient cut to two decimals, the deduction,
the working in German) or every refused field with its German message. Transcribed from the rule's text with
fractions.Fraction; run by generate.py. Python 3.11 standard library only.
"""

import json
import math
import re
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent

MSG = {
    "woerterEmpty": "Bitte die Zahl der Wörter eingeben.",
    "woerter": "Die Zahl der Wörter ist eine ganze Zahl von 1 bis 100000.",
    "fehlerEmpty": "Bitte die Zahl der Fehler eingeben.",
    "fehler": "Die Fehler sind eine Zahl von 0 bis 100000 in halben Schritten, z. B. 10 oder 10,5.",
    "regel": "Diese Regel gibt es nicht. Bekannt: hessen-oberstufe.",
}

# OAVO Anlage 9 as read in docs/grading-systems.md: from an index of 3 one Notenpunkt, from 6 two, never more.
RULES = [
    {
        "id": "hessen-oberstufe",
        "name": "Hessen, gymnasiale Oberstufe",
        "unit": "notenpunkte",
        "steps": [{"from": "3", "deduction": 1}, {"from": "6", "deduction": 2}],
        "max": 2,
        "minWords": 0,
        "source": "Oberstufen- und Abiturverordnung (OAVO), Anlage 9",
    },
]

WORDS = re.compile(r"[0-9]{1,6}")
ERRORS = re.compile(r"([0-9]{1,6})(?:[.,]([05]))?")
LIMIT = 100000


def de(x: Fraction) -> str:
    """A threshold or an error count as German text: 3, 3,5, 10,5."""
    if x.denominator == 1:
        return str(x.numerator)
    whole = math.floor(x)
    rest = x - whole
    digits = ""
    while rest:
        rest *= 10
        digits += str(math.floor(rest))
        rest -= math.floor(rest)
    return f"{whole},{digits}"


def unit_text(rule: dict, n: int) -> str:
    if rule["unit"] == "notenpunkte":
        return "1 Notenpunkt" if n == 1 else f"{n} Notenpunkte"
    return {1: "⅓ Note", 2: "⅔ Note"}.get(n, f"{n} Drittel einer Note")


# Rules of a school (a scale's member "fehlerquotient", docs/spec.md §8): no source, so the working names the
# „Regel der Schule“; in thirds, with a minimum of words, thresholds with decimals, a maximum below the last step.
SCHOOL_RULES = [
    {"id": "schule", "name": "Deutsch Sek I", "unit": "drittel",
     "steps": [{"from": "2,5", "deduction": 1}, {"from": "5", "deduction": 2}, {"from": "7,75", "deduction": 3}],
     "max": 3, "minWords": 150, "source": "Regel der Schule"},
    {"id": "schule", "name": "Englisch Oberstufe", "unit": "notenpunkte",
     "steps": [{"from": "4", "deduction": 1}], "max": 1, "minWords": 0, "source": "Regel der Schule"},
]


def evaluate(woerter: str, fehler: str, regel: str, school: dict | None = None) -> dict:
    errors = {}
    w = woerter.strip(" \t")
    f = fehler.strip(" \t")
    if w == "":
        errors["woerter"] = MSG["woerterEmpty"]
    elif not WORDS.fullmatch(w) or not 1 <= int(w) <= LIMIT:
        errors["woerter"] = MSG["woerter"]
    m = ERRORS.fullmatch(f)
    if f == "":
        errors["fehler"] = MSG["fehlerEmpty"]
    elif not m or Fraction(int(m[1])) + (Fraction(1, 2) if m[2] == "5" else 0) > LIMIT:
        errors["fehler"] = MSG["fehler"]
    rule = school or next((r for r in RULES if r["id"] == regel), None)
    if school is None and regel != "" and rule is None:
        errors["regel"] = MSG["regel"]
    if errors:
        return {"errors": errors}

    words = int(w)
    count = Fraction(int(m[1])) + (Fraction(1, 2) if m[2] == "5" else 0)
    exact = count * 100 / words
    cut = Fraction(math.floor(exact * 100), 100)
    shown = f"{math.floor(cut)},{math.floor(cut * 100) % 100:02d}"
    # German grammar: one word is "1 Wort", any other count "Wörter".
    words_text = "1 Wort" if words == 1 else f"{words} Wörter"
    first = f"{de(count)} Fehler × 100 : {words_text} = {shown}"
    first += "." if cut == exact else " (nach der zweiten Nachkommastelle abgeschnitten)."
    result = {"quotient": shown, "woerter": words, "fehler": de(count), "rechnung": [first]}
    if rule is None:
        return {"result": result}

    steps = [(Fraction(s["from"].replace(",", ".")), s["deduction"]) for s in rule["steps"]]
    if words < rule["minWords"]:
        deduction = 0
        sentence = f"Unter {rule['minWords']} Wörtern wird der Fehlerquotient nicht angewandt: kein Abzug"
    else:
        reached = [i for i, (t, _) in enumerate(steps) if exact >= t]
        if not reached:
            deduction = 0
            sentence = f"Der Fehlerquotient liegt unter {de(steps[0][0])}: kein Abzug"
        else:
            i = reached[-1]
            deduction = min(steps[i][1], rule["max"])
            if i + 1 < len(steps):
                sentence = (f"Der Fehlerquotient erreicht {de(steps[i][0])}, aber nicht {de(steps[i + 1][0])}: "
                            f"{unit_text(rule, deduction)} Abzug")
            else:
                sentence = (f"Der Fehlerquotient erreicht {de(steps[i][0])}: {unit_text(rule, deduction)} Abzug, "
                            "der höchste Abzug dieser Regel")
    result.update({"regel": rule["id"], "abzug": deduction,
                   "einheit": "Notenpunkte" if rule["unit"] == "notenpunkte" else "Drittel einer Note"})
    result["rechnung"] = [first, f"{sentence} ({rule['source']})."]
    return {"result": result}


def case(name: str, woerter: str, fehler: str, regel: str = "") -> dict:
    return {"name": name, "woerter": woerter, "fehler": fehler, "regel": regel, **evaluate(woerter, fehler, regel)}


def school_case(name: str, woerter: str, fehler: str, rule: dict) -> dict:
    """A case computed with a school's rule given whole (no id to look up)."""
    return {"name": name, "woerter": woerter, "fehler": fehler, "regel": "", "rule": rule,
            **evaluate(woerter, fehler, "", rule)}


def cases() -> list:
    out = [
        case("the example: 350 words, 10,5 errors", "350", "10,5"),
        case("the example with the Oberstufe's rule", "350", "10,5", "hessen-oberstufe"),
        case("a point is read like a comma", "350", "10.5", "hessen-oberstufe"),
        case("a whole number of errors", "200", "4"),
        case("10,0 is 10", "100", "10,0"),
        case("no errors", "120", "0", "hessen-oberstufe"),
        case("cut, not rounded: 2 of 3 words", "3", "2"),
        case("cut, not rounded: 1 of 3 words", "3", "1"),
        case("one word", "1", "0,5"),
        case("one word and one error: „1 Wort“, not „1 Wörter“", "1", "1", "hessen-oberstufe"),
        case("just below the step shows 2,99, not 3,00", "317", "9,5", "hessen-oberstufe"),
        case("spaces around the numbers", " 350 ", "\t10,5 "),
        case("the largest inputs", "100000", "100000"),
    ]
    # Boundaries of every published step: just below, at and just above, in halves of an error.
    for rule in RULES:
        for s in rule["steps"]:
            t = Fraction(s["from"])
            for words in (100, 200, 333, 350, 1000):
                # The largest count in halves below t, the smallest at or above it.
                halves_at = math.ceil(t * words * 2 / 100)
                for h in (halves_at - 1, halves_at, halves_at + 1):
                    if h < 0:
                        continue
                    fehler = de(Fraction(h, 2))
                    out.append(case(f"{rule['id']}: {fehler} errors in {words} words (step from {s['from']})",
                                    str(words), fehler, rule["id"]))
        out.append(case(f"{rule['id']}: far above the last step", "100", "40", rule["id"]))
    refused = [
        ("words empty", "", "3"),
        ("errors empty", "100", ""),
        ("both empty", "", ""),
        ("zero words", "0", "1"),
        ("words with a decimal", "100,5", "1"),
        ("negative words", "-5", "1"),
        ("too many words", "100001", "1"),
        ("words as text", "hundert", "1"),
        ("errors in quarters", "100", "10,25"),
        ("errors not in halves", "100", "10,3"),
        ("negative errors", "100", "-1"),
        ("errors with a comma and nothing after", "100", "10,"),
        ("too many errors", "100", "100000,5"),
        ("errors as text", "100", "zehn"),
    ]
    out += [case(n, w, f) for n, w, f in refused]
    thirds, english = SCHOOL_RULES
    out += [
        school_case("a school's rule: below its minimum of words", "149", "20", thirds),
        school_case("a school's rule: at its minimum, below the first step", "150", "3,5", thirds),
        school_case("a school's rule: at 2,5", "200", "5", thirds),
        school_case("a school's rule: just below 5, cut to 4,99", "401", "10", thirds),
        school_case("a school's rule: at 5", "200", "10", thirds),
        school_case("a school's rule: at 7,75 its highest deduction, 3 thirds", "400", "31", thirds),
        school_case("a school's rule with one step: below it", "100", "3,5", english),
        school_case("a school's rule with one step: at it", "100", "4", english),
        school_case("a school's rule: refused words are refused as without it", "0", "4", english),
    ]
    out.append(case("an unknown rule", "350", "10,5", "bayern"))
    out.append(case("an unknown rule and bad words", "x", "10,5", "hessen"))
    return out


def self_check() -> None:
    """The issue's own example, computed by hand: 10,5 × 100 / 350 = 3 exactly, which reaches the first step."""
    r = evaluate("350", "10,5", "hessen-oberstufe")["result"]
    assert r["quotient"] == "3,00" and r["abzug"] == 1, r
    assert evaluate("3", "2", "")["result"]["quotient"] == "66,66"  # cut, not 66,67
    assert evaluate("1", "1", "")["result"]["rechnung"] == ["1 Fehler × 100 : 1 Wort = 100,00."]
    assert evaluate("100", "5,5", "hessen-oberstufe")["result"]["abzug"] == 1
    assert evaluate("100", "6", "hessen-oberstufe")["result"]["abzug"] == 2
    assert evaluate("200", "5,5", "hessen-oberstufe")["result"]["abzug"] == 0  # 2,75


def build() -> dict:
    self_check()
    return {"rules": RULES, "cases": cases()}


def write() -> int:
    data = build()
    line = lambda item: json.dumps(item, ensure_ascii=False)  # noqa: E731
    body = ('{"messages":' + line(MSG) + ',\n"rules":[\n' + ",\n".join(map(line, data["rules"])) + '\n],\n"cases":[\n'
            + ",\n".join(map(line, data["cases"])) + "\n]}\n")
    (HERE / "fehlerquotient.json").write_text(body, encoding="utf-8")
    return len(data["cases"])


if __name__ == "__main__":
    print(f"{write()} Fehlerquotient cases written")
