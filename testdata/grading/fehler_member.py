"""The member "fehlerquotient" of a document (docs/spec.md §8, §13) for generate.py: a scale's conversion of the
Fehlerquotient, a published rule by id ({"preset": "hessen-oberstufe"}) or the school's own rule (name, unit, ascending
steps "from" → "deduction", max, minWords). Refused ones with the exact field map, valid ones with the canonical
document they must become (after "zeugnis", before "adjustable"; thresholds with a comma, trailing zeros dropped;
minWords 0 left out); written by hand."""

from documents import MSG, Lit, edit, standard_doc
from rule_documents import formula, table

F = "fehlerquotient"
HESSEN = {"preset": "hessen-oberstufe"}


def own(steps=(("3", 1), ("6", 2)), **extra) -> dict:
    """The school's own rule; extra members replace or add (None drops one)."""
    rule = {"name": "Deutsch Sek I", "unit": "notenpunkte",
            "steps": [{"from": f, "deduction": d} for f, d in steps], "max": 2}
    rule.update(extra)
    return {k: v for k, v in rule.items() if v is not None}


def fields(**by_path) -> dict:
    return {F + "." + k.replace("__", "."): v for k, v in by_path.items()}


def invalid_original_cases() -> list[dict]:
    c = lambda name, value, f: {"name": "fehlerquotient: " + name, "document": edit((F, value)), "fields": f}  # noqa: E731
    return [
        c("a text, not an object", "hessen-oberstufe", {F: MSG["object"]}),
        c("an unknown published rule", {"preset": "bayern"}, fields(preset=MSG["fehlerPreset"])),
        c("a published rule as a number", {"preset": 1}, fields(preset=MSG["text"])),
        c("a published rule with values of its own", {"preset": "hessen-oberstufe", "max": 3, "name": "x"},
          fields(max=MSG["fehlerPresetAlone"], name=MSG["fehlerPresetAlone"])),
        c("an own rule without anything", {}, fields(name=MSG["required"], unit=MSG["required"],
                                                     steps=MSG["required"], max=MSG["required"])),
        c("an unknown member", own(source="Fachkonferenz"), fields(source=MSG["unknown"])),
        c("an unknown unit", own(unit="noten"), fields(unit=MSG["fehlerUnit"])),
        c("a blank name", own(name="  "), fields(name=MSG["nameBlank"])),
        c("a name of 81 characters", own(name="x" * 81), fields(name=MSG["nameLength"])),
        c("no steps", own(steps=()), fields(steps=MSG["fehlerStepCount"])),
        c("steps not a list", {**own(), "steps": {"from": "3", "deduction": 1}}, fields(steps=MSG["list"])),
        c("11 steps", own(steps=[(str(i), i) for i in range(1, 12)], max=15), fields(steps=MSG["fehlerStepCount"])),
        c("thresholds not ascending", own(steps=(("6", 1), ("3", 2))), fields(steps__1__from=MSG["fehlerFromOrder"])),
        c("two equal thresholds", own(steps=(("3", 1), ("3,0", 2))), fields(steps__1__from=MSG["fehlerFromOrder"])),
        c("a threshold with three decimals", own(steps=(("3,125", 1), ("6", 2))), fields(steps__0__from=MSG["fehlerFrom"])),
        c("a threshold of 0", own(steps=(("0", 1), ("6", 2))), fields(steps__0__from=MSG["fehlerFrom"])),
        c("a threshold above 100", own(steps=(("3", 1), ("100,5", 2))), fields(steps__1__from=MSG["fehlerFrom"])),
        c("a threshold as a number", {**own(), "steps": [{"from": 3, "deduction": 1}]},
          fields(steps__0__from=MSG["text"])),
        c("deductions not ascending", own(steps=(("3", 2), ("6", 1))), fields(steps__1__deduction=MSG["fehlerDeductionOrder"])),
        c("a deduction above the maximum", own(steps=(("3", 1), ("6", 3))), fields(steps__1__deduction=MSG["fehlerDeductionMax"])),
        c("a deduction of 0", own(steps=(("3", 0), ("6", 2))), fields(steps__0__deduction=MSG["fehlerDeduction"])),
        c("a deduction of a half", own(steps=(("3", Lit("0.5")), ("6", 2))), fields(steps__0__deduction=MSG["fehlerDeduction"])),
        c("a deduction as text", own(steps=(("3", "1"), ("6", 2))), fields(steps__0__deduction=MSG["number"])),
        c("a step without its threshold", {**own(), "steps": [{"deduction": 1}]}, fields(steps__0__from=MSG["required"])),
        c("a step not an object", {**own(), "steps": ["3"]}, fields(steps__0=MSG["object"])),
        c("a maximum of 16", own(max=16), fields(max=MSG["fehlerDeduction"])),
        c("minWords negative", own(minWords=-1), fields(minWords=MSG["fehlerMinWords"])),
        c("minWords above 100000", own(minWords=100001), fields(minWords=MSG["fehlerMinWords"])),
        c("minWords as text", own(minWords="100"), fields(minWords=MSG["number"])),
    ]


def valid_original_cases() -> list[dict]:
    v = lambda name, value, canonical: {"name": "fehlerquotient: " + name, "document": edit((F, value)),  # noqa: E731
                                        "canonical": {**standard_doc(), F: canonical}}
    return [
        v("the published rule of Hessen's Oberstufe", HESSEN, HESSEN),
        v("the school's own rule", own(), own()),
        v("thresholds as typed: a point, trailing zeros, spaces", own(steps=((" 3.50 ", 1), ("06,25", 2))),
          own(steps=(("3,5", 1), ("6,25", 2)))),
        v("thirds of a grade from 100 words, a deduction of 2.0", own(unit="drittel", minWords=100,
                                                                      steps=(("3,5", 1), ("6,5", Lit("2.0")))),
          own(unit="drittel", minWords=100, steps=(("3,5", 1), ("6,5", 2)))),
        v("minWords 0 is left out", own(minWords=0), own()),
        v("one step of 100, the maximum above it", own(steps=(("100", 1),), max=15), own(steps=(("100", 1),), max=15)),
        {"name": "fehlerquotient: before adjustable, after zeugnis",
         "document": {"adjustable": False, F: own(), **edit(("zeugnis", {"rounding": "worse"}))},
         "canonical": {**standard_doc(), "zeugnis": {"rounding": "worse"}, F: own(), "adjustable": False}},
    ]


def invalid_rule_cases() -> list[dict]:
    return [
        {"name": "fehlerquotient: an unknown published rule in a table's document", "document": {**table(), F: {"preset": "x"}},
         "fields": fields(preset=MSG["fehlerPreset"])},
        {"name": "fehlerquotient: thresholds not ascending in the formula's document",
         "document": {**formula(), F: own(steps=(("3", 1), ("2,5", 2)))}, "fields": fields(steps__1__from=MSG["fehlerFromOrder"])},
        {"name": "fehlerquotient: a list in a table's document", "document": {**table(), F: []}, "fields": {F: MSG["object"]}},
    ]


def valid_rule_cases() -> list[dict]:
    np = table(system="notenpunkte", bands=[["15", 95], ["0", None]])
    return [
        {"name": "fehlerquotient: the published rule in a Notenpunkte table", "document": {F: HESSEN, **np},
         "canonical": {**np, F: HESSEN}},
        {"name": "fehlerquotient: the school's own rule in thirds in a table's document",
         "document": {**table(), F: own(unit="drittel", steps=(("2.5", 1), ("5", 2), ("7,5", 3)), max=3, minWords=150)},
         "canonical": {**table(), F: own(unit="drittel", steps=(("2,5", 1), ("5", 2), ("7,5", 3)), max=3, minWords=150)}},
        {"name": "fehlerquotient: before adjustable in the formula's document",
         "document": {**formula(), "adjustable": False, F: HESSEN},
         "canonical": {**formula(), F: HESSEN, "adjustable": False}},
    ]
