#!/usr/bin/env python3
"""Writes the seed corpus of the request-body fuzz targets (internal/server/testdata/fuzz/<Target>/)
in Go's corpus format: one valid body per target and the same hostile variations for all.
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
