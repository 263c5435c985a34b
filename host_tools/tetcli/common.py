"""Shared plumbing for `tet` subcommands: firmware on sys.path, one-line errors, JSON output."""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit status 2.

    Game modules create their sub-subcommands with `add_subparsers(parser_class=OneLineParser)`.
    """

    def error(self, message):
        sys.stderr.write("%s: error: %s\n" % (self.prog, message))
        sys.exit(2)


class CliError(Exception):
    """Bad input: printed as one line `tet: error: ...` with exit status 2."""


def emit_json(obj):
    """Print one JSON object on one line, keeping Vietnamese letters readable (UTF-8)."""
    print(json.dumps(obj, ensure_ascii=False))


def parse_int(text, what, lo=None, hi=None):
    """Parse an int argument or raise CliError naming `what`."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise CliError("%s must be a whole number, got %r" % (what, text))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise CliError("%s must be %s..%s, got %d" % (what, lo, hi, value))
    return value


def parse_options(pairs, known):
    """Turn ['NAME=VALUE', ...] into a dict, checking names against `known` {name: parser}."""
    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise CliError("option must be NAME=VALUE, got %r" % pair)
        name, value = pair.split("=", 1)
        if name not in known:
            raise CliError("unknown option %r (known: %s)" % (name, ", ".join(sorted(known))))
        try:
            out[name] = known[name](value)
        except ValueError:
            raise CliError("bad value for option %s: %r" % (name, value))
    return out


def read_json_file(path):
    """Load a JSON file or raise CliError with a one-line reason."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise CliError("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise CliError("%s is not valid JSON: %s" % (path, e))
