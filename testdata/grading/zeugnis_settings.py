"""The member "zeugnis" of a document (docs/spec.md §8–§9) for generate.py: the school's Zeugnisnote settings
of a scale in documents of both shapes. Refused ones with the exact field map expected, valid ones with the
canonical document they must become; written by hand, not computed."""

from documents import MSG, edit, standard_doc
from rule_documents import RULE_MSG, formula, table

Z = "zeugnis"
CATS = [{"name": "schriftlich", "weight": "2"}, {"name": "mündlich", "weight": "1"}]


def cat_path(i: int, key: str) -> str:
    return f"zeugnis.categories.{i}.{key}"


def with_zeugnis(doc: dict, settings) -> dict:
    return {**doc, Z: settings}


def invalid_original_cases() -> list[dict]:
    c = lambda name, settings, fields: {"name": "zeugnis: " + name, "document": edit((Z, settings)),  # noqa: E731
                                        "fields": fields}
    eleven = [{"name": f"K{i}", "weight": "1"} for i in range(11)]
    return [
        c("not an object", [], {Z: MSG["object"]}),
        c("an unknown member", {"system": "de"}, {"zeugnis.system": MSG["unknown"]}),
        c("a tendency the rule does not know", {"tendency": "0,2"}, {"zeugnis.tendency": MSG["tendency"]}),
        c("a tendency as a number", {"tendency": 1}, {"zeugnis.tendency": MSG["text"]}),
        c("an unknown rounding", {"rounding": "up"}, {"zeugnis.rounding": MSG["rounding"]}),
        c("a step outside Switzerland", {"step": "0,5"}, {"zeugnis.step": MSG["zeugnisStepOnly"]}),
        c("no categories", {"categories": []}, {"zeugnis.categories": MSG["categoryCount"]}),
        c("eleven categories", {"categories": eleven}, {"zeugnis.categories": MSG["categoryCount"]}),
        c("categories not a list", {"categories": {"name": "schriftlich"}}, {"zeugnis.categories": MSG["list"]}),
        c("a category not an object", {"categories": ["schriftlich"]}, {"zeugnis.categories.0": MSG["object"]}),
        c("a category without name and weight", {"categories": [{}]},
          {cat_path(0, "name"): MSG["required"], cat_path(0, "weight"): MSG["required"]}),
        c("an unknown member of a category", {"categories": [{"name": "a", "weight": "1", "grades": []}]},
          {"zeugnis.categories.0.grades": MSG["unknown"]}),
        c("a blank name", {"categories": [{"name": "  ", "weight": "1"}]}, {cat_path(0, "name"): MSG["categoryName"]}),
        c("a name of 41 characters", {"categories": [{"name": "x" * 41, "weight": "1"}]},
          {cat_path(0, "name"): MSG["categoryName"]}),
        c("a name with a control character", {"categories": [{"name": "münd\u001blich", "weight": "1"}]},
          {cat_path(0, "name"): MSG["nameChars"]}),
        c("a name twice once spaces are cut", {"categories": [*CATS, {"name": " schriftlich ", "weight": "3"}]},
          {cat_path(2, "name"): MSG["categoryTwice"]}),
        c("a weight of 0", {"categories": [{"name": "a", "weight": "0"}]}, {cat_path(0, "weight"): MSG["weight"]}),
        c("a negative weight", {"categories": [{"name": "a", "weight": "-1"}]}, {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight with an exponent", {"categories": [{"name": "a", "weight": "1e2"}]},
          {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight with two commas", {"categories": [{"name": "a", "weight": "1,5,0"}]},
          {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight with ten digits before the comma", {"categories": [{"name": "a", "weight": "1234567890"}]},
          {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight with seven decimals", {"categories": [{"name": "a", "weight": "0,0000001"}]},
          {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight that is empty", {"categories": [{"name": "a", "weight": ""}]}, {cat_path(0, "weight"): MSG["weight"]}),
        c("a weight as a number", {"categories": [{"name": "a", "weight": 2}]}, {cat_path(0, "weight"): MSG["text"]}),
        c("several errors at once",
          {"tendency": "1/4", "rounding": "Better", "categories": [{"name": "", "weight": "x"}, {"name": "b", "weight": "1"}]},
          {"zeugnis.tendency": MSG["tendency"], "zeugnis.rounding": MSG["rounding"],
           cat_path(0, "name"): MSG["categoryName"], cat_path(0, "weight"): MSG["weight"]}),
    ]


def valid_original_cases() -> list[dict]:
    c = lambda name, settings, canonical: {"name": "zeugnis: " + name,  # noqa: E731
                                           "document": edit((Z, settings)), "canonical": canonical}
    full = {"tendency": "0,25", "rounding": "worse", "categories": CATS}
    return [
        c("every member as written", full, with_zeugnis(standard_doc(), full)),
        c("members in another order, a dot, spaces around values and names",
          {"categories": [{"weight": " 1.5 ", "name": " schriftlich "}, {"name": "mündlich", "weight": "1"}],
           "rounding": "worse", "tendency": "0.25"},
          with_zeugnis(standard_doc(), {"tendency": "0,25", "rounding": "worse", "categories": [
              {"name": "schriftlich", "weight": "1,5"}, {"name": "mündlich", "weight": "1"}]})),
        c("a tendency of exactly a third", {"tendency": "1/3"}, with_zeugnis(standard_doc(), {"tendency": "1/3"})),
        c("the default written out stays", {"tendency": "0,3", "rounding": "better"},
          with_zeugnis(standard_doc(), {"tendency": "0,3", "rounding": "better"})),
        c("no member set leaves the member out", {}, standard_doc()),
        c("a weight at both limits, 9 digits and 6 decimals", {"categories": [{"name": "a", "weight": "999999999,000001"}]},
          with_zeugnis(standard_doc(), {"categories": [{"name": "a", "weight": "999999999,000001"}]})),
        c("ten categories with names of 40 characters",
          {"categories": [{"name": f"{i}" + "ä" * 39, "weight": "0,5"} for i in range(10)]},
          with_zeugnis(standard_doc(), {"categories": [{"name": f"{i}" + "ä" * 39, "weight": "0,5"} for i in range(10)]})),
    ]


def invalid_rule_cases() -> list[dict]:
    c = lambda name, doc, fields: {"name": "zeugnis: " + name, "document": doc, "fields": fields}  # noqa: E731
    return [
        c("a tendency under Notenpunkte", with_zeugnis(table(system="notenpunkte", bands=[["15", 95], ["0", None]]),
                                                       {"tendency": "0,3"}),
          {"zeugnis.tendency": MSG["tendencySystem"]}),
        c("a tendency under Swiss grades", with_zeugnis(formula(), {"tendency": "0,25"}),
          {"zeugnis.tendency": MSG["tendencySystem"]}),
        c("a tendency under Austrian grades", with_zeugnis(table(system="oesterreich", bands=[["1", 90], ["5", None]]),
                                                           {"tendency": "1/3"}),
          {"zeugnis.tendency": MSG["tendencySystem"]}),
        c("a step under grades 1 to 6", with_zeugnis(table(), {"step": "1"}), {"zeugnis.step": MSG["zeugnisStepOnly"]}),
        c("a Swiss step of a quarter", with_zeugnis(formula(), {"step": "0,25"}), {"zeugnis.step": MSG["zeugnisStep"]}),
        c("an unknown system judges no system-bound setting",
          with_zeugnis(table(system="noten-a-f"), {"tendency": "0,3", "step": "0,5"}), {"system": RULE_MSG["system"]}),
        c("a bad weight in a table's document", with_zeugnis(table(), {"categories": [*CATS, {"name": "x", "weight": "0,0"}]}),
          {cat_path(2, "weight"): MSG["weight"]}),
    ]


def valid_rule_cases() -> list[dict]:
    c = lambda name, doc, canonical: {"name": "zeugnis: " + name, "document": doc, "canonical": canonical}  # noqa: E731
    swiss = {"rounding": "worse", "step": "0,1", "categories": CATS}
    return [
        c("Swiss settings with a step", with_zeugnis(formula(), {"step": "0.1", "rounding": "worse", "categories": CATS}),
          with_zeugnis(formula(), swiss)),
        c("a tendency under grades 1 to 6 with + and −",
          with_zeugnis(table(system="noten-plus-minus"), {"tendency": "1/3"}),
          with_zeugnis(table(system="noten-plus-minus"), {"tendency": "1/3"})),
        c("a tendency under decimal grades", with_zeugnis(table(system="noten-dezimal", bands=[["1,0", 90], ["6,0", None]]),
                                                          {"tendency": "0,25"}),
          with_zeugnis(table(system="noten-dezimal", bands=[["1,0", 90], ["6,0", None]]), {"tendency": "0,25"})),
        c("rounding and categories under Notenpunkte",
          with_zeugnis(table(system="notenpunkte", bands=[["15", 95], ["0", None]]), {"rounding": "worse", "categories": CATS}),
          with_zeugnis(table(system="notenpunkte", bands=[["15", 95], ["0", None]]), {"rounding": "worse", "categories": CATS})),
    ]
