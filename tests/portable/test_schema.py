"""tet.core.schema: every kind accepts what it declares and refuses the rest with where and why,
never raising and never walking data bigger than the spec allows."""

from save_fuzz import mutants

from tet.core.schema import check

CARD = ("int", 0, 119)
SPEC = ("dict", {
    "turn": ("int", 0, 3),
    "sound": ("bool",),
    "name": ("str", 12),
    "players": ("in", (4, 5)),
    "hand": ("list", 0, 25, CARD),
    "laid": ("list", 0, 4, ("list", 2, 4, CARD)),
    "last": ("row", (("int", 0, 3), ("str", 8), ("opt", CARD))),
    "winner": ("opt", ("int", 0, 3)),
    "rules": ("map", 3, ("str", 10), ("int", -5, 5)),
})
GOOD = {"turn": 2, "sound": False, "name": "Người 1", "players": 5, "hand": [0, 119, 7],
        "laid": [[1, 2], [3, 4, 5, 6]], "last": [1, "ù", None], "winner": None,
        "rules": {"a": -5, "b": 5}, "extra": "ignored"}


def _with(key, value):
    d = dict(GOOD)
    d[key] = value
    return d


def test_a_good_value_passes():
    assert check(GOOD, SPEC) is None
    assert check(_with("winner", 3), SPEC) is None
    assert check(_with("last", [0, "", 119]), SPEC) is None


def test_each_bad_field_is_named_with_the_reason():
    cases = [
        (_with("turn", 4), "turn: out of range"),
        (_with("turn", -1), "turn: out of range"),
        (_with("turn", True), "turn: not an integer"),
        (_with("turn", 2.0), "turn: not an integer"),
        (_with("turn", "2"), "turn: not an integer"),
        (_with("sound", 0), "sound: not true/false"),
        (_with("name", "x" * 13), "name: too long"),
        (_with("name", None), "name: not a string"),
        (_with("players", 6), "players: not an allowed value"),
        (_with("players", 5.0), "players: not an allowed value"),
        (_with("hand", [0] * 26), "hand: too long"),
        (_with("hand", [0, 1, 120]), "hand[2]: out of range"),
        (_with("hand", 10 ** 9), "hand: not a list"),
        (_with("laid", [[1, 2], [3]]), "laid[1]: too short"),
        (_with("laid", [[1, 2], [3, None]]), "laid[1][1]: not an integer"),
        (_with("last", [1, "ù"]), "last: wrong length"),
        (_with("last", [1, "ù", -1]), "last[2]: out of range"),
        (_with("winner", "x"), "winner: not an integer"),
        (_with("rules", {"a": 1, "b": 1, "c": 1, "d": 1}), "rules: too many entries"),
        (_with("rules", {"a": 9}), "rules.a: out of range"),
        (_with("rules", {"k" * 11: 1}), "rules.kkkkkkkkkkk: too long"),
        (_with("rules", [1]), "rules: not a dict"),
        ([GOOD], "not a dict"),
    ]
    for value, error in cases:
        assert check(value, SPEC) == error, (error, check(value, SPEC))
    missing = dict(GOOD)
    del missing["hand"]
    assert check(missing, SPEC) == "hand: missing"


def test_nested_dicts_give_the_whole_path():
    spec = ("dict", {"hoi": ("dict", {"scores": ("list", 4, 5, ("int", -999, 999))})})
    assert check({"hoi": {"scores": [0, 0, 0, 0]}}, spec) is None
    assert check({"hoi": {"scores": [0, 0, 0, 10 ** 30]}}, spec) == "hoi.scores[3]: out of range"
    assert check({"hoi": {}}, spec) == "hoi.scores: missing"
    assert check({"hoi": None}, spec) == "hoi: not a dict"


def test_a_list_is_measured_before_its_items_are_read():
    # items first would say "[0]: out of range"
    assert check([200] * 1000, ("list", 0, 120, CARD)) == "too long"
    assert check([200], ("list", 2, 3, CARD)) == "too short"


def test_long_keys_in_errors_are_shortened():
    err = check({"k" * 5000: 1}, ("map", 3, ("str", 10), ("int", 0, 1)))
    assert err is not None and len(err) < 60


def _reference(v):
    """An independent reading of SPEC's "hand" field: a list of 0..25 ints in 0..119, no bools."""
    if not isinstance(v, list) or len(v) > 25:
        return False
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int) or x < 0 or x > 119:
            return False
    return True


def test_random_mutants_never_raise_and_agree_with_an_independent_reading():
    accepted = refused = 0
    for value in mutants(GOOD, 7, 400):
        err = check(value, SPEC)              # must not raise, whatever the mutant
        assert err is None or type(err) is str
        hand = value.get("hand") if type(value) is dict else None
        if type(value) is dict and "hand" in value:
            assert (check(hand, SPEC[1]["hand"]) is None) == _reference(hand), hand
        if err is None:
            accepted += 1
        else:
            refused += 1
    assert accepted > 10 and refused > 200
