"""Rule documents (docs/grading-systems.md) for generate.py: valid ones with the canonical document they must
become, and invalid ones with the exact field map expected, written by hand, not computed."""

from documents import MSG, Lit

RULE_MSG = {
    "system": "Unbekanntes Notensystem.",
    "kind": "Muss „table“ oder „formula“ sein.",
    "formulaSystem": "Die Formel gibt es nur für Schweizer Noten.",
    "basis": "Muss „exact“, „round“ oder „cut“ sein.",
    "bandCount": "Eine Tabelle hat 2 bis 60 Noten.",
    "label": "Keine Note dieses Notensystems.",
    "labelOrder": "Die Noten müssen von der besten zur schlechtesten geordnet sein, jede einmal.",
    "fromRange": "Muss größer als 0 und höchstens 100 sein.",
    "fromWhole": "Bei ganzen Prozent muss die Grenze eine ganze Zahl sein.",
    "lastFrom": "Die letzte Note gilt für alles darunter und hat keine Grenze.",
    "fromOrder": "Muss kleiner als die Grenze der Note {above} sein, sonst bleibt für diese Note nichts.",
    "step": "Muss 0,1, 0,25, 0,5 oder 1 sein.",
    "midpoint": "Muss „up“ oder „down“ sein.",
    "pass": "Muss größer als 0 und kleiner als 100 sein.",
    "preset": "Unbekannte Vorlage.",
    "presetDiffers": "Notensystem und Regel weichen von der Vorlage ab; ohne Vorlage speichern.",
}
ORDER = lambda above: RULE_MSG["fromOrder"].format(above=above)  # noqa: E731


def table(system="noten", basis="exact", bands=None, **extra) -> dict:
    rows = bands if bands is not None else [["1", 85], ["2", 70], ["3", 55], ["4", 40], ["5", 20], ["6", None]]
    doc = {"name": "Test", "system": system, **extra, "rule": {"kind": "table", "percentage": basis, "bands": [
        {"grade": g, "from": f} if f is not None else {"grade": g} for g, f in rows]}}
    return doc


def formula(step=Lit("0.25"), midpoint="up", **rule) -> dict:
    return {"name": "Test", "system": "schweiz", "rule": {"kind": "formula", "step": step, "midpoint": midpoint, **rule}}


def invalid_rule_cases() -> list[dict]:
    c = lambda name, doc, fields: {"name": name, "document": doc, "fields": fields}  # noqa: E731
    wrong_order = [["1", 85], ["3", 70], ["2", 55], ["4", 40], ["5", 20], ["6", None]]
    return [
        c("unknown system", table(system="noten-a-f"), {"system": RULE_MSG["system"]}),
        c("system is not text", {**table(), "system": 6}, {"system": MSG["text"]}),
        c("no system", {"name": "Test", "rule": table()["rule"]}, {"system": MSG["required"]}),
        c("no rule", {"name": "Test", "system": "noten"}, {"rule": MSG["required"]}),
        c("rule not an object", {"name": "Test", "system": "noten", "rule": []}, {"rule": MSG["object"]}),
        c("no kind", {"name": "Test", "system": "noten", "rule": {"percentage": "exact"}}, {"rule.kind": MSG["required"]}),
        c("unknown kind", {"name": "Test", "system": "noten", "rule": {"kind": "knick"}}, {"rule.kind": RULE_MSG["kind"]}),
        c("formula outside Switzerland", {**formula(), "system": "noten"}, {"rule.kind": RULE_MSG["formulaSystem"]}),
        c("unknown basis", table(basis="gerundet"), {"rule.percentage": RULE_MSG["basis"]}),
        c("unknown member of the rule", {**table(), "rule": {**table()["rule"], "knick": 50}}, {"rule.knick": MSG["unknown"]}),
        c("unknown member at the top", {**table(), "schema": {}}, {"schema": MSG["unknown"]}),
        c("one band only", table(bands=[["1", None]]), {"rule.bands": RULE_MSG["bandCount"]}),
        c("61 bands", table(system="schweiz", bands=[["6", 99]] * 60 + [["1", None]]), {"rule.bands": RULE_MSG["bandCount"]}),
        c("a grade the system does not have", table(bands=[["1", 85], ["2+", 70], ["6", None]]),
          {"rule.bands.1.grade": RULE_MSG["label"]}),
        c("grades out of order", table(bands=wrong_order), {"rule.bands.2.grade": RULE_MSG["labelOrder"]}),
        c("a grade twice", table(bands=[["1", 85], ["2", 70], ["2", 55], ["6", None]]),
          {"rule.bands.2.grade": RULE_MSG["labelOrder"]}),
        c("bounds out of order", table(bands=[["1", 85], ["2", 70], ["3", 75], ["4", 40], ["5", 20], ["6", None]]),
          {"rule.bands.2.from": ORDER("2")}),
        c("two equal bounds leave a band empty", table(bands=[["1", 85], ["2", 85], ["6", None]]),
          {"rule.bands.1.from": ORDER("1")}),
        c("a bound missing", table(bands=[["1", 85], ["2", None], ["6", None]]), {"rule.bands.1.from": MSG["required"]}),
        c("the last band with a bound", table(bands=[["1", 85], ["6", 0]]), {"rule.bands.1.from": RULE_MSG["lastFrom"]}),
        c("a bound of 0", table(bands=[["1", 85], ["2", 0], ["6", None]]), {"rule.bands.1.from": RULE_MSG["fromRange"]}),
        c("a bound over 100", table(bands=[["1", Lit("100.5")], ["6", None]]), {"rule.bands.0.from": RULE_MSG["fromRange"]}),
        c("five decimals", table(bands=[["1", Lit("85.00001")], ["6", None]]), {"rule.bands.0.from": MSG["decimals"]}),
        c("a bound that is text", table(bands=[["1", "85"], ["6", None]]), {"rule.bands.0.from": MSG["number"]}),
        c("a fraction under a whole-percent basis", table(basis="round", bands=[["1", Lit("33.3")], ["6", None]]),
          {"rule.bands.0.from": RULE_MSG["fromWhole"]}),
        c("the grades of 1-6 under Notenpunkte: 1 point is worse than 2", table(system="notenpunkte"),
          {f"rule.bands.{i}.grade": RULE_MSG["labelOrder"] for i in range(1, 6)}),
        c("Swiss grades outside 1 to 6", table(system="schweiz", bands=[["6,5", 95], ["1", None]]),
          {"rule.bands.0.grade": RULE_MSG["label"]}),
        c("an empty grade", table(bands=[["1", 85], ["", 70], ["6", None]]), {"rule.bands.1.grade": RULE_MSG["label"]}),
        c("a decimal grade in hundredths", table(system="noten-dezimal", bands=[["1,0", 90], ["1,55", 80], ["6,0", None]]),
          {"rule.bands.1.grade": RULE_MSG["label"]}),
        c("Swiss grades in thousandths or with a space",
          table(system="schweiz", bands=[["6", 90], ["4,125", 60], [" 3", 40], ["1", None]]),
          {"rule.bands.1.grade": RULE_MSG["label"], "rule.bands.2.grade": RULE_MSG["label"]}),
        c("Austria has no grade 6", table(system="oesterreich", bands=[["1", 90], ["5", 50], ["6", None]]),
          {"rule.bands.2.grade": RULE_MSG["label"]}),
        c("a step the formula does not know", formula(step=Lit("0.2")), {"rule.step": RULE_MSG["step"]}),
        c("no step", {"name": "Test", "system": "schweiz", "rule": {"kind": "formula", "midpoint": "up"}},
          {"rule.step": MSG["required"]}),
        c("an unknown midpoint", formula(midpoint="nearest"), {"rule.midpoint": RULE_MSG["midpoint"]}),
        c("a pass mark of 100", formula(**{"pass": 100}), {"rule.pass": RULE_MSG["pass"]}),
        c("an unknown preset", table(preset="bayern"), {"preset": RULE_MSG["preset"]}),
        c("a preset whose rule was changed", table(preset="ihk", basis="round",
                                                   bands=[["1", 91], ["2", 81], ["3", 67], ["4", 50], ["5", 30], ["6", None]]),
          {"preset": RULE_MSG["presetDiffers"]}),
        # the IHK preset of earlier releases rounded to a whole percent; a new document may not name it so
        c("the IHK preset's earlier rounding", table(preset="ihk", basis="round",
                                                     bands=[["1", 92], ["2", 81], ["3", 67], ["4", 50], ["5", 30], ["6", None]]),
          {"preset": RULE_MSG["presetDiffers"]}),
        c("an empty name", {**table(), "name": ""}, {"name": MSG["nameLength"]}),
    ]


def valid_rule_cases() -> list[dict]:
    """Documents in other spellings with the canonical document Config.MarshalJSON writes for them."""
    ihk_rows = [["1", 92], ["2", 81], ["3", 67], ["4", 50], ["5", 30], ["6", None]]
    c = lambda name, doc, canonical: {"name": name, "document": doc, "canonical": canonical}  # noqa: E731
    return [
        c("a table as written", table(), table()),
        c("members in another order", {"rule": table()["rule"], "system": "noten", "name": "Test"}, table()),
        c("number spellings", table(bands=[["1", Lit("85.000")], ["2", Lit("7E1")], ["6", None]]),
          table(bands=[["1", 85], ["2", 70], ["6", None]])),
        c("the IHK preset", table(preset="ihk", basis="exact", bands=ihk_rows) | {"name": "IHK Industriemechaniker"},
          {"name": "IHK Industriemechaniker", "system": "noten", "preset": "ihk",
           "rule": table(basis="exact", bands=ihk_rows)["rule"]}),
        c("Swiss grades written with a dot and a trailing zero", table(system="schweiz", bands=[["6.0", 95], ["4,50", 60], ["1", None]]),
          table(system="schweiz", bands=[["6", 95], ["4,5", 60], ["1", None]])),
        c("a formula with a pass mark", formula(**{"pass": Lit("55")}), formula(**{"pass": 55})),
        c("a formula, members in another order", {"name": "Test", "system": "schweiz",
                                                  "rule": {"midpoint": "down", "step": 1, "kind": "formula"}},
          formula(step=1, midpoint="down")),
    ]
