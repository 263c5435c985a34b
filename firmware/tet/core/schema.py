"""Declarative checks of loaded data (saves, settings): types, ranges and sizes, field by field.

A spec is a tuple whose first item names the kind; `check(value, spec)` returns None when
`value` matches, else a short English error naming where it failed ("hands[2][5]: out of range").
It never raises on any value JSON can produce, builds nothing from the data (sizes are compared
before anything is walked; a 10**9 stock is a number out of range, never a list), and recurses
only as deep as the spec, never as deep as the data.

    ("int", lo, hi)              an int (not a bool) with lo <= value <= hi
    ("bool",)                    true or false
    ("str", max_len)             a string of at most max_len characters
    ("in", (v1, v2, ...))        one of these values, of the same type (1 is not True)
    ("list", min_n, max_n, spec) a list of min_n..max_n items, each matching spec
    ("row", (spec0, spec1, ...)) a list of exactly these items in this order (a tuple saved)
    ("dict", {key: spec, ...})   a dict holding every key with a matching value; others ignored
    ("map", max_n, key, value)   a dict of at most max_n entries, keys and values matching specs
    ("opt", spec)                None (JSON null) or a value matching spec

Example, a game's save:

    SPEC = ("dict", {"turn": ("int", 0, 3), "hand": ("list", 0, 25, ("int", 0, 119)),
                     "winner": ("opt", ("int", 0, 3))})
    err = check(data, SPEC)      # None, or e.g. "hand: too long"

Shape is checked here; relations between fields (cards conserved, …) belong to the game's
rebuild, whose exceptions `tet.ui.session.offer_resume` turns into a fresh start.
"""

_KEY_CHARS = 20  # a key quoted in an error is shortened: errors stay small whatever the data


def _int(v, s):
    if type(v) is not int:
        return ": not an integer"
    if v < s[1] or v > s[2]:
        return ": out of range"
    return None


def _bool(v, s):
    return None if type(v) is bool else ": not true/false"


def _str(v, s):
    if type(v) is not str:
        return ": not a string"
    return ": too long" if len(v) > s[1] else None


def _in(v, s):
    for allowed in s[1]:
        if type(v) is type(allowed) and v == allowed:
            return None
    return ": not an allowed value"


def _list(v, s):
    if type(v) is not list:
        return ": not a list"
    if len(v) < s[1]:
        return ": too short"
    if len(v) > s[2]:
        return ": too long"
    for i in range(len(v)):
        err = _check(v[i], s[3])
        if err:
            return "[%d]%s" % (i, err)
    return None


def _row(v, s):
    if type(v) is not list:
        return ": not a list"
    if len(v) != len(s[1]):
        return ": wrong length"
    for i in range(len(v)):
        err = _check(v[i], s[1][i])
        if err:
            return "[%d]%s" % (i, err)
    return None


def _key(k):
    return k if len(k) <= _KEY_CHARS else k[:_KEY_CHARS] + "..."


def _dict(v, s):
    if type(v) is not dict:
        return ": not a dict"
    for key in s[1]:
        if key not in v:
            return "." + key + ": missing"
        err = _check(v[key], s[1][key])
        if err:
            return "." + key + err
    return None


def _map(v, s):
    if type(v) is not dict:
        return ": not a dict"
    if len(v) > s[1]:
        return ": too many entries"
    for key in v:
        err = _check(key, s[2])
        if err is None:
            err = _check(v[key], s[3])
        if err:
            return "." + _key(key) + err if type(key) is str else err
    return None


def _opt(v, s):
    return None if v is None else _check(v, s[1])


_KINDS = {"int": _int, "bool": _bool, "str": _str, "in": _in, "list": _list, "row": _row,
          "dict": _dict, "map": _map, "opt": _opt}


def _check(value, spec):
    return _KINDS[spec[0]](value, spec)


def check(value, spec):
    """Return None if `value` matches `spec` (see the module docstring), else where and why not."""
    err = _check(value, spec)
    if err is None or err[0] == "[":
        return err
    return err[2:] if err[0] == ":" else err[1:]  # "not a dict", "hand[2]: out of range"
