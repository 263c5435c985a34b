"""Shared plumbing for `tet` subcommands: the firmware importable, one-line errors, JSON input/output."""

import argparse
import importlib
import json
import re
import sys

import sim

# the engines are the firmware's own, imported as the simulator imports them
sim.install_fakes()

# A quoted argument is cut to this many characters and an ellipsis, so a 5,000-digit argument is
# not repeated in full.
QUOTE_LIMIT = 40
# In an error line, any run of non-blanks longer than WORD_LIMIT (an unquoted argument, a long repr
# from the engine) keeps its first WORD_HEAD and last WORD_TAIL characters (a path its file name);
# the whole line stops at MESSAGE_LIMIT.
WORD_LIMIT = 80
WORD_HEAD = 24
WORD_TAIL = 16
MESSAGE_LIMIT = 300
ELLIPSIS = "…"
# Input files: saved positions are a few KB; more than this, or deeper nesting, is not one.
MAX_JSON_BYTES = 1000000
MAX_JSON_DEPTH = 32


def game_module(name):
    """The host-side module `name` a game of the registry may have (tetcli.<package> for its
    commands, tetcli.<package>_net for the network harness), or None when the game has none
    yet; an import error inside the module is raised as it is."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


_LONG_WORD = re.compile(r"\S{%d,}" % (WORD_LIMIT + 1))
# Control characters would break the line; lone surrogates (undecodable bytes of an argument)
# cannot be written as UTF-8.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")
# JSON tokens that matter for nesting: a string (possibly unterminated) or a bracket.
_JSON_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def quote(text, limit=QUOTE_LIMIT):
    """repr() of a command-line argument for a message, cut to `limit` characters and `…`."""
    if len(text) <= limit:
        return repr(text)
    cut = repr(text[:limit])
    return cut[:-1] + ELLIPSIS + cut[-1]


def _cut_word(match):
    word = match.group(0)
    return word[:WORD_HEAD] + ELLIPSIS + word[-WORD_TAIL:]


def one_line(message):
    """`message` made safe for a one-line error: unprintable characters escaped, long words cut."""
    message = _UNPRINTABLE.sub(lambda m: repr(m.group(0))[1:-1], str(message))
    message = _LONG_WORD.sub(_cut_word, message)
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT] + ELLIPSIS
    return message


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit status 2.

    Game modules create their sub-subcommands with `add_subparsers(parser_class=OneLineParser)`.
    """

    def error(self, message):
        sys.stderr.write("%s: error: %s\n" % (self.prog, one_line(message)))
        sys.exit(2)


class CliError(Exception):
    """Bad input: printed as one line `tet: error: ...` with exit status 2."""


def emit_json(obj):
    """Print one JSON object on one line, keeping Vietnamese letters readable (UTF-8)."""
    print(json.dumps(obj, ensure_ascii=False))


def parse_int(text, what, lo=None, hi=None):
    """Parse an int argument or raise CliError naming `what` (out of lo..hi is refused too)."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise CliError("%s must be a whole number, got %s" % (what, quote(text)))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        got = str(value)
        if len(got) > QUOTE_LIMIT:
            got = got[:QUOTE_LIMIT] + ELLIPSIS
        raise CliError("%s must be %s..%s, got %s" % (what, lo, hi, got))
    return value


def parse_options(pairs, known):
    """Turn ['NAME=VALUE', ...] into a dict, checking names against `known` {name: parser}."""
    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise CliError("option must be NAME=VALUE, got %s" % quote(pair))
        name, value = pair.split("=", 1)
        if name not in known:
            raise CliError("unknown option %s (known: %s)" % (quote(name), ", ".join(sorted(known))))
        try:
            out[name] = known[name](value)
        except ValueError:
            raise CliError("bad value for option %s: %s" % (name, quote(value)))
    return out


def json_depth(text, limit=MAX_JSON_DEPTH):
    """How deep the arrays and objects of JSON `text` nest, counting no further than limit + 1.

    Run before json.loads, whose recursion would otherwise end in a RecursionError.
    """
    depth = 0
    deepest = 0
    for match in _JSON_NESTING.finditer(text):
        ch = match.group(0)
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def read_json_file(path):
    """Load a JSON file or raise CliError with a one-line reason (too big or deep included)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_JSON_BYTES + 1)
    except OSError as e:
        raise CliError("cannot read %s: %s" % (path, e.strerror or e))
    if len(raw) > MAX_JSON_BYTES:
        raise CliError("%s is too big: more than %d bytes" % (path, MAX_JSON_BYTES))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError("%s is not valid JSON: not UTF-8 text (byte %d)" % (path, e.start))
    if json_depth(text) > MAX_JSON_DEPTH:
        raise CliError("%s is not valid JSON for tet: nested more than %d levels deep"
                       % (path, MAX_JSON_DEPTH))
    try:
        return json.loads(text)
    except ValueError as e:
        raise CliError("%s is not valid JSON: %s" % (path, e))
