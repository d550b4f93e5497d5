"""Validation vectors for generate.py: every message, invalid documents with the exact field map
expected (written by hand from docs/spec.md §4 and docs/decisions.md, not computed), and valid documents
with aliases or unusual number spellings together with their canonical form."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent


MSG = {
    "required": "Pflichtfeld.",
    "number": "Muss eine Zahl sein.",
    "text": "Muss ein Text sein.",
    "object": "Muss ein Objekt sein.",
    "decimals": "Höchstens 4 Nachkommastellen.",
    "range": "Muss zwischen 0 und 100 liegen.",
    "minMax": "Das Minimum muss kleiner als das Maximum sein.",
    "max1": "Das Maximum der Note 1 muss 100 sein.",
    "min6": "Das Minimum der Note 6 muss 0 sein.",
    "adjacent": "Muss dem Maximum der Note {next} entsprechen (keine Lücke, keine Überschneidung).",
    "sum": "Minus- und Normalbereich zusammen dürfen 100 nicht überschreiten.",
    "nameLength": "Der Name muss 1 bis 80 Zeichen lang sein.",
    "nameBlank": "Der Name darf nicht nur aus Leerzeichen bestehen.",
    "nameChars": "Der Name darf keine unsichtbaren Steuerzeichen enthalten.",
    "unknown": "Unbekanntes Feld.",
    "gradeMissing": "Note {grade} fehlt.",
    "alias": "Nur eines von „{name}“ und „{alias}“ angeben.",
    "duplicate": "Doppelt angegeben.",
    # the member "zeugnis" (docs/spec.md §9), in documents of either shape: zeugnis_settings.py
    "list": "Muss eine Liste sein.",
    "tendency": "Muss 0,3, 0,25 oder 1/3 sein.",
    "tendencySystem": "Eine Tendenz für + und − gibt es nur bei Noten von 1 bis 6.",
    "rounding": "Muss „better“ oder „worse“ sein.",
    "zeugnisStep": "Muss 0,5, 1 oder 0,1 sein.",
    "zeugnisStepOnly": "Eine Schrittweite gibt es nur bei Schweizer Noten.",
    "categoryCount": "1 bis 10 Kategorien.",
    "categoryName": "Der Name muss 1 bis 40 Zeichen lang sein.",
    "categoryTwice": "Diese Kategorie gibt es schon.",
    "weight": "Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5.",
    "boolean": "Muss true oder false sein.",
    # the member "fehlerquotient" (docs/spec.md §8, §13), in documents of either shape: fehler_member.py
    "fehlerPreset": "Diese Regel gibt es nicht. Bekannt: hessen-oberstufe.",
    "fehlerPresetAlone": "Eine veröffentlichte Regel steht allein: keine eigenen Werte daneben.",
    "fehlerUnit": "Muss „notenpunkte“ oder „drittel“ sein.",
    "fehlerStepCount": "1 bis 10 Stufen.",
    "fehlerFrom": "Muss eine Zahl größer als 0 und höchstens 100 mit höchstens 2 Nachkommastellen sein, z. B. 3 oder 3,5.",
    "fehlerFromOrder": "Muss größer als die Schwelle der Stufe davor sein.",
    "fehlerDeduction": "Muss eine ganze Zahl von 1 bis 15 sein.",
    "fehlerDeductionOrder": "Muss größer als der Abzug der Stufe davor sein.",
    "fehlerDeductionMax": "Darf nicht größer als der höchste Abzug sein.",
    "fehlerMinWords": "Muss eine ganze Zahl von 0 bis 100000 sein.",
}
ADJ = lambda nxt: MSG["adjacent"].format(next=nxt)  # noqa: E731
MISSING = lambda g: MSG["gradeMissing"].format(grade=g)  # noqa: E731
ALIAS = lambda name, alias: MSG["alias"].format(name=name, alias=alias)  # noqa: E731


class Lit:
    """A number written exactly as given (e.g. 1E2, 33.330, -0), which float would not preserve."""

    def __init__(self, text: str):
        self.text = text


def standard_doc() -> dict:
    grades = {"1": (85, 100), "2": (70, 85), "3": (55, 70), "4": (40, 55), "5": (20, 40), "6": (0, 20)}
    return {
        "name": "Standard",
        "grades": {g: {"min": lo, "max": hi} for g, (lo, hi) in grades.items()},
        "schema": {"general": {"minus": Lit("33.33"), "normal": Lit("33.33")}, "1": {"minus": Lit("33.33")},
                   "6": {"normal": 50}},
    }


def edit(*changes) -> dict:
    """The standard document with changes applied: (path, value) sets, (path,) deletes."""
    doc = standard_doc()
    for change in changes:
        *parents, last = change[0].split(".")
        node = doc
        for key in parents:
            node = node[key]
        if len(change) == 1:
            del node[last]
        else:
            node[last] = change[1]
    return doc


def invalid_cases() -> list[dict]:
    c = lambda name, doc, fields: {"name": name, "document": doc, "fields": fields}  # noqa: E731
    strings = [(f"grades.{g}.{k}", str(v)) for g, (lo, hi) in
               {1: (85, 100), 2: (70, 85), 3: (55, 70), 4: (40, 55), 5: (20, 40), 6: (0, 20)}.items()
               for k, v in (("min", lo), ("max", hi))]
    return [
        c("grade 1 max not 100", edit(("grades.1.max", 95)), {"grades.1.max": MSG["max1"]}),
        c("grade 1 max 99.9999", edit(("grades.1.max", Lit("99.9999"))), {"grades.1.max": MSG["max1"]}),
        c("grade 6 min not 0", edit(("grades.6.min", 5)), {"grades.6.min": MSG["min6"]}),
        c("grade 6 min above its max: the endpoint rule wins", edit(("grades.6.min", 25)), {"grades.6.min": MSG["min6"]}),
        c("gap between 2 and 3", edit(("grades.3.max", 69)), {"grades.2.min": ADJ(3)}),
        c("overlap of 2 and 3", edit(("grades.2.min", 72)), {"grades.2.min": ADJ(3)}),
        c("grade 2 reaches 100", edit(("grades.2.max", 100)), {"grades.1.min": ADJ(2)}),
        c("min equals max: min < max wins over adjacency", edit(("grades.4.min", 55)), {"grades.4.min": MSG["minMax"]}),
        c("min above max", edit(("grades.3.min", 75)), {"grades.3.min": MSG["minMax"]}),
        c("bound above 100", edit(("grades.1.max", Lit("100.5"))), {"grades.1.max": MSG["range"]}),
        c("negative bound", edit(("grades.6.min", -1)), {"grades.6.min": MSG["range"]}),
        c("width above 100", edit(("schema.1.minus", 101)), {"schema.1.minus": MSG["range"]}),
        c("negative width", edit(("schema.general.minus", -5)), {"schema.general.minus": MSG["range"]}),
        c("general widths sum above 100", edit(("schema.general.minus", 60), ("schema.general.normal", 50)),
          {"schema.general.normal": MSG["sum"]}),
        c("five decimals in a width", edit(("schema.general.minus", Lit("33.33333"))),
          {"schema.general.minus": MSG["decimals"]}),
        c("five decimals in a bound: no relation error follows", edit(("grades.3.min", Lit("55.00001"))),
          {"grades.3.min": MSG["decimals"]}),
        c("decimals are reported before range", edit(("grades.2.max", Lit("150.12345"))), {"grades.2.max": MSG["decimals"]}),
        c("five decimals in exponent form", edit(("schema.6.normal", Lit("1E-5"))), {"schema.6.normal": MSG["decimals"]}),
        c("number as a string", edit(("grades.5.min", "20")), {"grades.5.min": MSG["number"]}),
        c("number is null", edit(("schema.6.normal", None)), {"schema.6.normal": MSG["number"]}),
        c("number is a boolean", edit(("grades.2.min", True)), {"grades.2.min": MSG["number"]}),
        c("number is an object", edit(("schema.1.minus", {"value": 10})), {"schema.1.minus": MSG["number"]}),
        c("every bound a string", edit(*strings), {path: MSG["number"] for path, _ in strings}),
        c("name empty", edit(("name", "")), {"name": MSG["nameLength"]}),
        c("name 81 characters", edit(("name", "x" * 81)), {"name": MSG["nameLength"]}),
        c("name 81 astral characters (counted as code points)", edit(("name", "😀" * 81)), {"name": MSG["nameLength"]}),
        c("name only spaces", edit(("name", "   ")), {"name": MSG["nameBlank"]}),
        c("name only Unicode white space", edit(("name", "\u00a0\u3000\t")), {"name": MSG["nameBlank"]}),
        c("name is a number", edit(("name", 42)), {"name": MSG["text"]}),
        c("name is null", edit(("name", None)), {"name": MSG["text"]}),
        c("name missing", edit(("name",)), {"name": MSG["required"]}),
        # Control, format (bidi, invisible) and line separator characters: Unicode categories Cc, Cf, Zl and
        # Zp, except the zero-width joiner and non-joiner. Length and blank are judged first.
        c("name with ESC (a terminal colour)", edit(("name", "Klasse \u001b[31m7a")), {"name": MSG["nameChars"]}),
        c("name with BEL", edit(("name", "\u0007Standard")), {"name": MSG["nameChars"]}),
        c("name with NUL", edit(("name", "Standard\u0000")), {"name": MSG["nameChars"]}),
        c("name with DEL", edit(("name", "Stan\u007fdard")), {"name": MSG["nameChars"]}),
        c("name with NEL (a C1 control)", edit(("name", "Standard\u0085")), {"name": MSG["nameChars"]}),
        c("name with a tab inside", edit(("name", "Klasse\t7a")), {"name": MSG["nameChars"]}),
        c("name with a line feed inside", edit(("name", "Klasse\n7a")), {"name": MSG["nameChars"]}),
        c("name with a right-to-left override", edit(("name", "Standard\u202egnut")), {"name": MSG["nameChars"]}),
        c("name with a left-to-right embedding", edit(("name", "\u202aStandard")), {"name": MSG["nameChars"]}),
        c("name with isolates", edit(("name", "\u2066Standard\u2069")), {"name": MSG["nameChars"]}),
        c("name with a first strong isolate", edit(("name", "\u2068Standard")), {"name": MSG["nameChars"]}),
        c("name with a left-to-right mark", edit(("name", "\u200eStandard")), {"name": MSG["nameChars"]}),
        c("name with a right-to-left mark", edit(("name", "Standard\u200f")), {"name": MSG["nameChars"]}),
        c("name with an Arabic letter mark", edit(("name", "Standard\u061c")), {"name": MSG["nameChars"]}),
        c("name with a zero-width space", edit(("name", "Stan\u200bdard")), {"name": MSG["nameChars"]}),
        c("name with a soft hyphen", edit(("name", "Stan\u00addard")), {"name": MSG["nameChars"]}),
        c("name with a byte order mark", edit(("name", "\ufeffStandard")), {"name": MSG["nameChars"]}),
        c("name with a tag character", edit(("name", "Standard\U000e0041")), {"name": MSG["nameChars"]}),
        c("name with a line separator", edit(("name", "Standard\u2028")), {"name": MSG["nameChars"]}),
        c("name with a paragraph separator", edit(("name", "Standard\u2029")), {"name": MSG["nameChars"]}),
        c("name of only a control character", edit(("name", "\u001b")), {"name": MSG["nameChars"]}),
        c("name of only a line separator is blank", edit(("name", "\u2028")), {"name": MSG["nameBlank"]}),
        c("name of 81 characters with a control character is too long", edit(("name", "\u001b" * 81)),
          {"name": MSG["nameLength"]}),
        c("unknown top-level field", edit(("version", 3)), {"version": MSG["unknown"]}),
        c("grade 7", edit(("grades.7", {"min": 0, "max": 0})), {"grades.7": MSG["unknown"]}),
        c("grade 0", edit(("grades.0", {"min": 0, "max": 0})), {"grades.0": MSG["unknown"]}),
        c("unknown field in a grade", edit(("grades.3.mid", 60)), {"grades.3.mid": MSG["unknown"]}),
        c("unknown schema entry", edit(("schema.2", {"minus": 10})), {"schema.2": MSG["unknown"]}),
        c("unknown field in schema.general", edit(("schema.general.maximum", 10)), {"schema.general.maximum": MSG["unknown"]}),
        c("plus is no alias in schema.1", edit(("schema.1.plus", 10)), {"schema.1.plus": MSG["unknown"]}),
        c("plus is no alias in schema.6", edit(("schema.6.plus", 10)), {"schema.6.plus": MSG["unknown"]}),
        c("unknown fields at every level", edit(("foo", 1), ("grades.9", 1), ("grades.2.x", 1), ("schema.x", 1),
                                                ("schema.general.x", 1), ("schema.1.x", 1), ("schema.6.x", 1)),
          {p: MSG["unknown"] for p in ("foo", "grades.9", "grades.2.x", "schema.x", "schema.general.x",
                                        "schema.1.x", "schema.6.x")}),
        c("grade 4 missing: no relation error follows", edit(("grades.4",)), {"grades.4": MISSING(4)}),
        c("min missing", edit(("grades.2.min",)), {"grades.2.min": MSG["required"]}),
        c("grades not an object", edit(("grades", [])), {"grades": MSG["object"]}),
        c("grades null", edit(("grades", None)), {"grades": MSG["object"]}),
        c("grade entry not an object", edit(("grades.1", 100)), {"grades.1": MSG["object"]}),
        c("schema missing", edit(("schema",)), {"schema": MSG["required"]}),
        c("schema.1 missing", edit(("schema.1",)), {"schema.1": MSG["required"]}),
        c("schema.general not an object", edit(("schema.general", "33")), {"schema.general": MSG["object"]}),
        c("schema.6 an array", edit(("schema.6", [50])), {"schema.6": MSG["object"]}),
        c("schema.general.normal missing", edit(("schema.general.normal",)), {"schema.general.normal": MSG["required"]}),
        c("general normal and plus", edit(("schema.general.plus", 20)), {"schema.general.plus": ALIAS("normal", "plus")}),
        c("1 minus and normal", edit(("schema.1.normal", 20)), {"schema.1.normal": ALIAS("minus", "normal")}),
        c("6 normal and minus", edit(("schema.6.minus", 20)), {"schema.6.minus": ALIAS("normal", "minus")}),
        c("alias value out of range is reported at the alias", edit(("schema.general.normal",), ("schema.general.plus", 120)),
          {"schema.general.plus": MSG["range"]}),
        c("sum above 100 through the alias is reported at the alias",
          edit(("schema.general.minus", 50), ("schema.general.normal",), ("schema.general.plus", 60)),
          {"schema.general.plus": MSG["sum"]}),
        c("alias conflict with an invalid canonical value", edit(("schema.6.normal", "50"), ("schema.6.minus", 50)),
          {"schema.6.normal": MSG["number"], "schema.6.minus": ALIAS("normal", "minus")}),
        c("empty object", {}, {"name": MSG["required"], "grades": MSG["required"], "schema": MSG["required"]}),
        c("several errors at once",
          edit(("name", ""), ("grades.1.max", 99), ("grades.3.min", Lit("55.123456")), ("grades.5",),
               ("schema.general.minus", 70), ("schema.general.normal", 40), ("schema.6.minus", 10), ("version", 3)),
          {"name": MSG["nameLength"], "grades.1.max": MSG["max1"], "grades.3.min": MSG["decimals"],
           "grades.5": MISSING(5), "schema.general.normal": MSG["sum"], "schema.6.minus": ALIAS("normal", "minus"),
           "version": MSG["unknown"]}),
        c("a shifted scale: two gaps and both endpoints",
          edit(("grades.1.min", 80), ("grades.1.max", 95), ("grades.2.max", 80), ("grades.3.max", 60),
               ("grades.6.min", 1), ("grades.6.max", 21)),
          {"grades.1.max": MSG["max1"], "grades.2.min": ADJ(3), "grades.5.min": ADJ(6), "grades.6.min": MSG["min6"]}),
    ]


def alias_cases() -> list[dict]:
    canonical = standard_doc()
    c = lambda name, doc, canon=canonical: {"name": name, "document": doc, "canonical": canon}  # noqa: E731
    fractional = json.loads((HERE / "configs" / "fractional.json").read_text(encoding="utf-8"), parse_float=Lit)
    extreme = json.loads((HERE / "configs" / "extreme.json").read_text(encoding="utf-8"), parse_float=Lit)
    reordered = {
        "schema": {"6": {"minus": 50}, "1": {"normal": Lit("33.33")}, "general": {"plus": Lit("33.33"), "minus": Lit("33.33")}},
        "grades": {g: {"max": hi, "min": lo} for g, (lo, hi) in
                   [("6", (0, 20)), ("5", (20, 40)), ("4", (40, 55)), ("3", (55, 70)), ("2", (70, 85)), ("1", (85, 100))]},
        "name": "Standard",
    }
    forms = edit(("grades.1.min", Lit("85.0")), ("grades.1.max", Lit("1E2")), ("grades.2.max", Lit("8.5e1")),
                 ("grades.6.min", Lit("-0")), ("schema.general.minus", Lit("33.330")),
                 ("schema.general.normal", Lit("3333e-2")), ("schema.1.minus", Lit("0.3333E+2")),
                 ("schema.6.normal", Lit("50.00000000")))
    astral = "😀" * 80
    return [
        c("canonical document unchanged", standard_doc()),
        c("general.plus for general.normal", edit(("schema.general.normal",), ("schema.general.plus", Lit("33.33")))),
        c("1.normal for 1.minus", edit(("schema.1.minus",), ("schema.1.normal", Lit("33.33")))),
        c("6.minus for 6.normal", edit(("schema.6.normal",), ("schema.6.minus", 50))),
        c("all aliases, every key in another order", reordered),
        c("number forms: 85.0, 1E2, 8.5e1, -0, 33.330, 3333e-2, 0.3333E+2, 50.00000000", forms),
        c("name of 80 astral characters", edit(("name", astral)), edit(("name", astral))),
        c("name of 80 characters with surrounding spaces is kept as given",
          edit(("name", " " + "x" * 78 + " ")), edit(("name", " " + "x" * 78 + " "))),
        c("name with quotes and HTML", edit(("name", '<b>"Klasse 7a" & Co</b>')), edit(("name", '<b>"Klasse 7a" & Co</b>'))),
        c("name with umlauts, ß, accents and other scripts", edit(("name", "Größe Übung – Éluard Ørsted Ελληνικά Русский 日本語")),
          edit(("name", "Größe Übung – Éluard Ørsted Ελληνικά Русский 日本語"))),
        c("name with an emoji sequence (zero-width joiner) and a zero-width non-joiner",
          edit(("name", "Familie \U0001f468\u200d\U0001f469\u200d\U0001f467 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645")),
          edit(("name", "Familie \U0001f468\u200d\U0001f469\u200d\U0001f467 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"))),
        c("name with a no-break space and a private-use character",
          edit(("name", "Klasse\u00a07a \ue000")), edit(("name", "Klasse\u00a07a \ue000"))),
        c("fractional config", fractional, fractional),
        c("extreme config", extreme, extreme),
    ]


def dump(value, escape: bool = False) -> str:
    """Compact JSON, like json.dumps, but numbers given as Lit keep their exact text. With escape, invisible
    characters in strings are \\u escapes (for refused documents; a canonical document stays byte for byte
    what Config.MarshalJSON writes)."""
    if isinstance(value, Lit):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{dump(v, escape)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v, escape) for v in value) + "]"
    if isinstance(value, float):
        raise TypeError("write decimals as Lit, floats are not exact")
    if isinstance(value, str) and escape:
        return "".join(visible(ch) for ch in json.dumps(value, ensure_ascii=False))
    return json.dumps(value, ensure_ascii=False)


def visible(ch: str) -> str:
    """A character of a JSON string as written: invisible ones (control, format, separators, private use)
    as \\u escapes (a pair of them above U+FFFF), so that an editor and a diff show them."""
    if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Co", "Zs") or ch == " ":
        return ch
    units = ch.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2))
