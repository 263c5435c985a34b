"""Xăm Hường's shared-table adapter: the dice come from a committed secret, the finished game
reveals it, and a gadget that replays what it saw tells honest dice from changed ones. (A logic
test with the default heap: the budget lanes play the table in test_xam_huong_together.)"""

import hashlib
from binascii import hexlify

from tet.games.xam_huong import shared
from tet.games.xam_huong.engine import XamHuong


def play_to_the_end(secret, skip=()):
    """Roll a 3-player shared game to its end; return (the last public state, every roll a
    guest saw {number: dice}, missing the rolls in `skip` as a guest that lost those states)."""
    adapter = shared.Shared(XamHuong(3), ["A", "B", "C"], secret)
    seen = {}
    while not adapter.over():
        assert adapter.accepts(adapter.to_move(), shared.ROLL)
        adapter.apply(adapter.to_move(), shared.ROLL)
        state = shared.view(adapter.public())
        assert state[6] is None or adapter.over()       # the secret stays hidden until the end
        number, dice = shared.roll_seen(state)
        if number not in skip:
            seen[number] = list(dice)
    return shared.view(adapter.public()), seen


def test_the_commitment_is_the_secrets_hash_and_the_end_reveals_it():
    secret = b"0123456789abcdef"
    state, seen = play_to_the_end(secret)
    commit, revealed = state[5], state[6]
    assert commit == hexlify(hashlib.sha256(secret).digest()).decode()
    assert revealed == hexlify(secret).decode()
    assert shared.dice_honest(commit, revealed, seen)
    assert len(seen) == state[0].rolls > 10


def test_a_guest_that_missed_some_rolls_still_checks_the_rest():
    state, seen = play_to_the_end(b"another secret!!", skip=(2, 3, 7))
    assert 2 not in seen and shared.dice_honest(state[5], state[6], seen)


def test_changed_dice_or_another_secret_are_caught():
    state, seen = play_to_the_end(b"0123456789abcdef")
    changed = dict(seen)
    changed[5] = [(d % 6) + 1 for d in changed[5]]       # one roll is not what was committed
    assert not shared.dice_honest(state[5], state[6], changed)
    other = hexlify(b"fedcba9876543210").decode()
    assert not shared.dice_honest(state[5], other, seen)    # a secret that is not the committed one
    assert not shared.dice_honest(state[5], None, seen)      # nothing revealed
    assert not shared.dice_honest(state[5], "zz", seen)      # not even hex


def test_two_tables_with_different_secrets_roll_different_dice():
    _a, seen_a = play_to_the_end(b"A" * 16)
    _b, seen_b = play_to_the_end(b"B" * 16)
    assert [seen_a[k] for k in range(1, 6)] != [seen_b[k] for k in range(1, 6)]
