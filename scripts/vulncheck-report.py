#!/usr/bin/env python3
"""Reads `govulncheck -format json` output: lists every finding and exits 1 when the code calls
a vulnerable function that has a fixed version (a finding whose trace starts at a function)."""
import json, sys
dec, text, pos = json.JSONDecoder(), open(sys.argv[1]).read(), 0
summaries, fatal, other = {}, {}, {}
while True:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text):
        break
    msg, pos = dec.raw_decode(text, pos)
    if "osv" in msg:
        summaries[msg["osv"]["id"]] = msg["osv"].get("summary", "")
    f = msg.get("finding")
    if f:
        called = bool(f["trace"][0].get("function"))
        where = f["trace"][0].get("module", "") + "@" + f["trace"][0].get("version", "")
        (fatal if called and f.get("fixed_version") else other)[f["osv"]] = (where, f.get("fixed_version", ""))
for title, found in (("called, fix available (fails)", fatal), ("not called or no fix (listed only)", other)):
    for vid, (where, fix) in sorted(found.items()):
        if vid in fatal and found is other:
            continue
        print(f"  {vid} {where} fixed in {fix or '—'}: {summaries.get(vid, '')} [{title}]")
print(f"vulncheck: {len(fatal)} vulnerabilities to fix, {len(set(other) - set(fatal))} listed only")
sys.exit(1 if fatal else 0)
