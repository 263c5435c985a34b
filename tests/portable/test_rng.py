"""The seeded generator: same sequence on both runtimes, uniform enough, shuffle is a permutation."""

from tet.core.rng import Rng

def _reference(state, count):
    out = []
    for _ in range(count):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        out.append(state)
    return out


def test_sequence_matches_reference_xorshift():
    r = Rng(42)
    start = r.state
    assert [r.next32() for _ in range(50)] == _reference(start, 50)


def test_below_is_in_range_and_covers_all_values():
    r = Rng(7)
    seen = [0] * 6
    for _ in range(6000):
        v = r.below(6)
        seen[v] += 1
    for count in seen:
        assert 800 < count < 1200


def test_shuffle_is_a_permutation_and_seed_repeats():
    a = list(range(30))
    b = list(range(30))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(30))
    assert a != list(range(30))


def test_zero_seed_does_not_stick():
    r = Rng(0)
    assert r.next32() != 0
