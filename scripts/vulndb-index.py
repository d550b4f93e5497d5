#!/usr/bin/env python3
"""Builds a Go vulnerability database that `govulncheck -db file://DIR` reads, from a directory of
OSV reports (data/osv of a golang/vulndb checkout): DIR/ID/<id>.json, DIR/index/db.json and
DIR/index/modules.json, in the layout of https://go.dev/security/vuln/database#api.

    scripts/vulndb-index.py OSV_DIR OUT_DIR MODIFIED [MODULES_FILE]

MODIFIED is the time of the source (the reports in the repository carry a zero one). With
MODULES_FILE (one module path a line), only entries for those modules, the standard library and the
toolchain are kept, and the list is written to OUT_DIR/covered-modules.txt.
"""
import json, os, shutil, sys


def semver_key(v):
    """Orders "1.2.3", "1.2.3-rc.1" as semver does (enough to pick the newest fix)."""
    core, _, pre = v.lstrip("v").partition("-")
    nums = [int(x) if x.isdigit() else 0 for x in core.split(".")]
    return (nums, pre == "", pre)


def main(src, out, modified, modules_file=None):
    wanted = None
    if modules_file:
        wanted = set(open(modules_file).read().split()) | {"stdlib", "toolchain"}
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "ID"))
    os.makedirs(os.path.join(out, "index"))
    modules = {}
    for name in sorted(os.listdir(src)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(src, name), "rb") as f:
            raw = f.read()
        entry = json.loads(raw)
        kept = False
        for affected in entry.get("affected", []):
            path = affected["package"]["name"]
            if wanted is not None and path not in wanted:
                continue
            kept = True
            fixed = [e["fixed"] for r in affected.get("ranges", []) for e in r.get("events", []) if "fixed" in e]
            vuln = {"id": entry["id"], "modified": modified}
            if fixed:
                vuln["fixed"] = max(fixed, key=semver_key)
            modules.setdefault(path, {})[entry["id"]] = vuln
        if kept:
            with open(os.path.join(out, "ID", entry["id"] + ".json"), "wb") as f:
                f.write(raw)
    index = [{"path": p, "vulns": list(v.values())} for p, v in sorted(modules.items())]
    with open(os.path.join(out, "index", "modules.json"), "w") as f:
        json.dump(index, f)
    with open(os.path.join(out, "index", "db.json"), "w") as f:
        json.dump({"modified": modified}, f)
    if wanted is not None:
        with open(os.path.join(out, "covered-modules.txt"), "w") as f:
            f.write("".join(m + "\n" for m in sorted(wanted)))
    print(f"{sum(len(m['vulns']) for m in index)} entries for {len(index)} modules, as of {modified}")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(*sys.argv[1:])
