"""Regenerate every generated file under firmware/tet/data/ (run by `make data`)."""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# Each generator module has main() that writes its file(s) and returns the paths written.
GENERATORS = ("gen_xh_table", "gen_font")


def main():
    for name in GENERATORS:
        for path in importlib.import_module(name).main() or ():
            print("generated", os.path.relpath(path, os.path.dirname(HERE)))


if __name__ == "__main__":
    main()
