"""Regenerate the generated files (the Xăm Hường table, the fonts), run by `make data`.

    python host_tools/gen_all.py               regenerate everything
    python host_tools/gen_all.py --stale-only  regenerate only what a changed input needs

Each generator module has INPUTS and OUTPUTS (paths relative to the checkout) and main(), which
writes its files and returns their paths. host_tools/generated.json records a hash of each
generator's inputs, so a fresh clone (whose file times say nothing) regenerates nothing, and
`make sim` needs neither the font package nor anything but the virtual environment.
"""

import hashlib
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STAMPS = os.path.join(HERE, "generated.json")

GENERATORS = ("gen_xh_rolls", "gen_font")


def inputs_hash(mod):
    """SHA-1 over the contents of a generator's INPUTS."""
    digest = hashlib.sha1()
    for rel in mod.INPUTS:
        with open(os.path.join(ROOT, rel), "rb") as f:
            digest.update(rel.encode() + b"\0" + f.read() + b"\0")
    return digest.hexdigest()


def _stamps():
    try:
        with open(STAMPS) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def main(argv=None):
    stale_only = "--stale-only" in (argv if argv is not None else sys.argv[1:])
    stamps = _stamps()
    for name in GENERATORS:
        mod = importlib.import_module(name)
        digest = inputs_hash(mod)
        present = all(os.path.exists(os.path.join(ROOT, rel)) for rel in mod.OUTPUTS)
        if stale_only and present and stamps.get(name) == digest:
            continue
        for path in mod.main() or ():
            print("generated", os.path.relpath(path, ROOT))
        stamps[name] = digest
    with open(STAMPS, "w") as f:
        json.dump(stamps, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
