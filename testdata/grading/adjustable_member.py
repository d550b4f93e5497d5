"""The member "adjustable" of a document (docs/spec.md §10) for generate.py: a school's decision that teachers
may not adjust a scale's key for one test. Refused ones with the exact field map, valid ones with the canonical
document they must become (false is kept after "zeugnis", true is the default and left out); written by hand."""

from documents import MSG, edit, standard_doc
from rule_documents import formula, table

A = "adjustable"


def invalid_original_cases() -> list[dict]:
    c = lambda name, value, fields: {"name": "adjustable: " + name, "document": edit((A, value)),  # noqa: E731
                                     "fields": fields}
    return [
        c("a text", "false", {A: MSG["boolean"]}),
        c("a number", 0, {A: MSG["boolean"]}),
        c("null", None, {A: MSG["boolean"]}),
    ]


def valid_original_cases() -> list[dict]:
    binding = {**standard_doc(), A: False}
    return [
        {"name": "adjustable: false is kept", "document": edit((A, False)), "canonical": binding},
        {"name": "adjustable: true is the default, left out", "document": edit((A, True)), "canonical": standard_doc()},
        {"name": "adjustable: false after the Zeugnisnote's settings",
         "document": {A: False, **edit(("zeugnis", {"rounding": "worse"}))},
         "canonical": {**standard_doc(), "zeugnis": {"rounding": "worse"}, A: False}},
    ]


def invalid_rule_cases() -> list[dict]:
    return [
        {"name": "adjustable: a text in a table's document", "document": {**table(), A: "nein"}, "fields": {A: MSG["boolean"]}},
        {"name": "adjustable: a list in the formula's document", "document": {**formula(), A: []}, "fields": {A: MSG["boolean"]}},
    ]


def valid_rule_cases() -> list[dict]:
    return [
        {"name": "adjustable: false in a table's document", "document": {A: False, **table()},
         "canonical": {**table(), A: False}},
        {"name": "adjustable: true in the formula's document", "document": {**formula(), A: True}, "canonical": formula()},
        {"name": "adjustable: false in a preset's document", "document": {**table(system="notenpunkte", preset="kmk-oberstufe",
         bands=[["15", 95], ["14", 90], ["13", 85], ["12", 80], ["11", 75], ["10", 70], ["9", 65], ["8", 60], ["7", 55],
                ["6", 50], ["5", 45], ["4", 40], ["3", 33], ["2", 27], ["1", 20], ["0", None]]), A: False},
         "canonical": {**table(system="notenpunkte", preset="kmk-oberstufe",
                               bands=[["15", 95], ["14", 90], ["13", 85], ["12", 80], ["11", 75], ["10", 70], ["9", 65],
                                      ["8", 60], ["7", 55], ["6", 50], ["5", 45], ["4", 40], ["3", 33], ["2", 27], ["1", 20],
                                      ["0", None]]), A: False}},
    ]
