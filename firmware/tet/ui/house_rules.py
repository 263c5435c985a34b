"""House rules (luật làng): every game's `options.OPTIONS` (see tet.registry), as Cài đặt
lists them and as `app.rule` checks them.

An option entry is (name, Vietnamese label, ((value, Vietnamese value), ...)) with the default
first. A game's options module is found by name, so the shell imports no game statically.
"""

from tet.registry import GAMES, ID, PACKAGE, TITLE


def game_options(entry):
    """The OPTIONS of a registry entry's game, or () when it has no house rules."""
    try:
        mod = __import__("tet.games." + entry[PACKAGE] + ".options", None, None, ("OPTIONS",))
    except ImportError:
        return ()
    return mod.OPTIONS


def all_rules():
    """(game id, option name, "Game: label", values) for every game's house rules, menu order."""
    rules = []
    for entry in GAMES:
        for name, label, values in game_options(entry):
            rules.append((entry[ID], name, entry[TITLE] + ": " + label, values))
    return rules


def values(option):
    """The values an option entry allows, default first."""
    return [v for v, _label in option[-1]]


def value_label(option, value):
    """The Vietnamese label of `value` for an option entry (the default's if unknown)."""
    for v, label in option[-1]:
        if v == value:
            return label
    return option[-1][0][1]


def following(values_, current):
    """The value after `current` in `values_`, cyclically (the first if `current` is not there)."""
    at = values_.index(current) if current in values_ else -1
    return values_[(at + 1) % len(values_)]
