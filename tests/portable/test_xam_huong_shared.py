"""Xăm Hường's shared-table adapter: the dice come from a committed secret, the finished game
reveals it, and a gadget that replays what it saw tells honest dice from changed ones. (A logic
test with the default heap: the budget lanes play the table in test_xam_huong_together.)"""

import hashlib
from binascii import hexlify

from tet.games.xam_huong import adapter as A
from tet.games.xam_huong.engine import XamHuong


def play_to_the_end(secret, skip=()):
    """Roll a 3-player shared game to its end; return (the last public state, every roll a
    guest saw {number: dice}, missing the rolls in `skip` as a guest that lost those states)."""
    adapter = A.Adapter(XamHuong(3), ["A", "B", "C"], secret)
    seen = {}
    while not adapter.over():
        assert adapter.accepts(adapter.to_move(), A.ROLL)
        adapter.apply(adapter.to_move(), A.ROLL)
        state = A.view(adapter.public())
        assert state[6] is None or adapter.over()       # the secret stays hidden until the end
        number, dice = A.roll_seen(state)
        if number not in skip:
            seen[number] = list(dice)
    return A.view(adapter.public()), seen


def rolls_seen(seen):
    """What a guest's screen keeps of the rolls in `seen` ({number: dice}), in the order
    they came."""
    rolls = A.RollsSeen()
    for number in sorted(seen):
        rolls.add(number, seen[number])
    return rolls


def test_the_commitment_is_the_secrets_hash_and_the_end_reveals_it():
    secret = b"0123456789abcdef"
    state, seen = play_to_the_end(secret)
    commit, revealed = state[5], state[6]
    assert commit == hexlify(hashlib.sha256(secret).digest()).decode()
    assert revealed == hexlify(secret).decode()
    assert A.dice_honest(commit, revealed, rolls_seen(seen))
    assert len(rolls_seen(seen)) == len(seen) == state[0].rolls > 10


def test_a_guest_that_missed_some_rolls_still_checks_the_rest():
    state, seen = play_to_the_end(b"another secret!!", skip=(2, 3, 7))
    rolls = rolls_seen(seen)
    assert 2 not in rolls and 4 in rolls and A.dice_honest(state[5], state[6], rolls)


def test_changed_dice_or_another_secret_are_caught():
    state, seen = play_to_the_end(b"0123456789abcdef")
    changed = dict(seen)
    changed[5] = [(d % 6) + 1 for d in changed[5]]       # one roll is not what was committed
    assert not A.dice_honest(state[5], state[6], rolls_seen(changed))
    other = hexlify(b"fedcba9876543210").decode()
    rolls = rolls_seen(seen)
    assert not A.dice_honest(state[5], other, rolls)   # a secret that is not the committed one
    assert not A.dice_honest(state[5], None, rolls)     # nothing revealed
    assert not A.dice_honest(state[5], "zz", rolls)     # not even hex


def test_a_roll_seen_again_counts_once_and_keeps_what_was_first_seen():
    state, seen = play_to_the_end(b"0123456789abcdef")
    rolls = rolls_seen(seen)
    rolls.add(5, [(d % 6) + 1 for d in seen[5]])        # shown again later, changed: ignored
    assert len(rolls) == len(seen) and A.dice_honest(state[5], state[6], rolls)
    first = A.RollsSeen()
    first.add(5, [(d % 6) + 1 for d in seen[5]])        # a changed roll seen first is caught
    first.add(5, seen[5])
    assert not A.dice_honest(state[5], state[6], first)


def test_two_tables_with_different_secrets_roll_different_dice():
    _a, seen_a = play_to_the_end(b"A" * 16)
    _b, seen_b = play_to_the_end(b"B" * 16)
    assert [seen_a[k] for k in range(1, 6)] != [seen_b[k] for k in range(1, 6)]
