#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets (testdata/fuzz/<Target>/ of internal/server
and internal/grading) in Go's corpus format: for each request body one valid body and the same hostile
variations; hostile numbers and documents for the grading targets (which also seed from the vectors).
Run from the repository root; existing seed files are overwritten, new fuzzer finds stay."""
import json, os

def go_quote(b: bytes) -> str:
    out = []
    for c in b:
        ch = chr(c)
        if ch in '"\\':
            out.append('\\' + ch)
        elif 0x20 <= c < 0x7f:
            out.append(ch)
        else:
            out.append('\\x%02x' % c)
    return '"' + ''.join(out) + '"'

STANDARD = {"name": "Standard", "grades": {str(g): {"min": lo, "max": hi} for g, (lo, hi) in
            enumerate([(85, 100), (70, 85), (55, 70), (40, 55), (20, 40), (0, 20)], 1)},
            "schema": {"general": {"minus": 33.33, "normal": 33.33}, "1": {"minus": 33.33}, "6": {"normal": 50}}}

TARGETS = {  # target: (a valid body, the member that must be text)
    "FuzzLoginBody": ({"email": "admin@schule.de", "password": "Zebrafink-Kastanie-42"}, "email"),
    "FuzzPasswordChangeBody": ({"currentPassword": "Zebrafink-Kastanie-42", "newPassword": "Neues-Passwort-99"}, "newPassword"),
    "FuzzSetupBody": ({"email": "chefin@schule.de", "password": "Zebrafink-Kastanie-42"}, "email"),
    "FuzzInviteAcceptBody": ({"password": "Zebrafink-Kastanie-42"}, "password"),
    "FuzzConfigPutBody": (STANDARD, "name"),
    "FuzzUserCreateBody": ({"email": "zwei@schule.de", "role": "user"}, "email"),
    "FuzzUserUpdateBody": ({"role": "admin"}, "role"),
}

JSON = "application/json"

def raw(valid, field, literal):
    doc = dict(valid)
    doc[field] = "@@"
    return json.dumps(doc, separators=(",", ":")).replace('"@@"', literal)

def seeds(valid, field):
    doc = json.dumps(valid, separators=(",", ":"))
    yield "valid", doc, JSON
    yield "valid-charset", doc, "application/json; charset=UTF-8"
    yield "truncated", doc[: len(doc) // 2], JSON
    yield "empty", "", JSON
    yield "null", "null", JSON
    yield "array", "[" + doc + "]", JSON
    yield "two-documents", doc + doc, JSON
    yield "unknown-member", doc[:-1] + ',"isAdmin":true}', JSON
    yield "duplicate-member", doc[:-1] + ',"%s":"zweiter"}' % field, JSON
    yield "member-other-case", doc.replace('"%s"' % field, '"%s"' % field.upper(), 1), JSON
    yield "nan", raw(valid, field, "NaN"), JSON
    yield "1e308", raw(valid, field, "1e308"), JSON
    yield "5-decimals", raw(valid, field, "33.33333"), JSON
    yield "operator-object", raw(valid, field, '{"$ne":""}'), JSON
    yield "lone-surrogate", raw(valid, field, '"\\ud800"'), JSON
    yield "nul-escape", raw(valid, field, '"a\\u0000b"'), JSON
    yield "invalid-utf8", raw(valid, field, '"@@"').encode().replace(b"@@", b"\xff\xfe"), JSON
    yield "bom", "\ufeff" + doc, JSON
    yield "deep-nesting", raw(valid, field, "[" * 5000 + "]" * 5000), JSON
    yield "long-string", raw(valid, field, json.dumps("ä" * 10000)), JSON
    yield "long-number", raw(valid, field, "1" + "0" * 400), JSON
    yield "text-plain", doc, "text/plain"
    yield "form", "email=a%40b.de&password=x", "application/x-www-form-urlencoded"
    yield "latin1", doc, "application/json; charset=latin1"
    yield "no-type", doc, ""
    yield "bad-type", doc, "application/json;;;"

for target, (valid, field) in TARGETS.items():
    d = os.path.join("internal/server/testdata/fuzz", target)
    os.makedirs(d, exist_ok=True)
    for name, body, ctype in seeds(valid, field):
        data = body.encode() if isinstance(body, str) else body
        with open(os.path.join(d, "seed-" + name), "w") as f:
            f.write("go test fuzz v1\n[]byte(%s)\nstring(%s)\n" % (go_quote(data), go_quote(ctype.encode())))

# The grading targets: hostile numbers (FuzzParseNumber takes total and achieved) and documents.
NUMBERS = {
    "nan": ("NaN", "1"), "infinity": ("Infinity", "-Infinity"), "exponent": ("1e308", "1E-5"),
    "hex": ("0x10", "0b1"), "fullwidth-digits": ("１２", "٣"), "two-separators": ("1,2,3", "1.2.3"),
    "separator-only": (",", "."), "signs": ("+-1", "--1"), "nbsp-and-tab": ("\u00a040\t", "\u2003 31,5 "),
    "33-digits": ("1" * 33, "0," + "5" * 31), "5-decimals": ("40", "31,12345"), "negative-zero": ("-0", "-0,0"),
    "nul": ("4\x000", "1"),
}
d = "internal/grading/testdata/fuzz/FuzzParseNumber"
os.makedirs(d, exist_ok=True)
for name, (total, achieved) in NUMBERS.items():
    with open(os.path.join(d, "seed-" + name), "w") as f:
        f.write("go test fuzz v1\nstring(%s)\nstring(%s)\n" % (go_quote(total.encode()), go_quote(achieved.encode())))

doc = json.dumps(STANDARD, separators=(",", ":"))
DOCUMENTS = {
    "invalid-utf8": doc.encode().replace(b"Standard", b"Stan\xffdard"),
    "bom": "\ufeff".encode() + doc.encode(),
    "nan": doc.replace('"min":55', '"min":NaN').encode(),
    "1e308": doc.replace('"min":55', '"min":1e308').encode(),
    "5-decimals": doc.replace('"min":55', '"min":55.00001').encode(),
    "negative-zero": doc.replace('"min":0,', '"min":-0,').encode(),
    "duplicate-key": doc.replace('{"name":"Standard"', '{"name":"Standard","name":"Zwei"').encode(),
    "deep-nesting": doc.replace('"name":"Standard"', '"name":' + "[" * 5000 + "]" * 5000).encode(),
    "alias-and-name": doc.replace('"general":{', '"general":{"plus":33.33,').encode(),
    "string-number": doc.replace('"min":55', '"min":"55"').encode(),
    "null-grade": doc.replace('"3":{"min":55,"max":70}', '"3":null').encode(),
    "long-name": doc.replace('"Standard"', json.dumps("ä" * 10000)).encode(),
    "top-level-array": ("[" + doc + "]").encode(),
}
d = "internal/grading/testdata/fuzz/FuzzParseConfig"
os.makedirs(d, exist_ok=True)
for name, data in DOCUMENTS.items():
    with open(os.path.join(d, "seed-" + name), "w") as f:
        f.write("go test fuzz v1\n[]byte(%s)\n" % go_quote(data))
