"""Tổ Tôm's deal choices and bất thực in play (to-tom-v2 §3-§4) against independent brute force:
đánh xén (bat_thuc.xen_ok) against every choice of runs, a khàn trình phu that never takes its
fourth card against the reference (to_tom_v2_reference.py), and the self-play checker on games
whose players take every bất thực and trình phu the deal allows (its forgeries refused)."""

import copy
import random

from tet.games.to_tom import laid as L
from tet.games.to_tom.cards import CODES, NKINDS

import to_tom_v2_reference as R
from test_to_tom_laid import KIND, cards
from test_to_tom_selfplay_checker import RuleBroken, check_record, xen_runs


class _Game:
    """What bat_thuc.xen_ok reads of a game: its bất thực list."""

    def __init__(self, kind, flags):
        self.bat = bytearray((0, kind, flags))


def test_danh_xen_matches_every_choice_of_runs():
    from tet.games.to_tom import bat_thuc as B
    from tet.games.to_tom.state import BT_FOUR, BT_XEN

    rng = random.Random(38)
    said = {True: 0, False: 0}
    for _ in range(3000):
        x = rng.randrange(27)
        four = rng.random() < 0.3
        hand = [0] * NKINDS
        hand[x] = rng.choice((3, 4) if four else (2, 3))
        suit = x - x % 9
        for k in range(max(suit, x - 2), min(suit + 8, x + 2) + 1):
            if k != x:
                hand[k] = rng.randrange(4)
        flags = BT_FOUR if four else 0
        got = B.xen_ok(_Game(x, flags), 0, bytearray(hand), x)
        assert got == xen_runs(hand, x, 3 if four else 2), (CODES[x], hand, four)
        said[got] += 1
        assert not B.xen_ok(_Game(x, flags | BT_XEN), 0, bytearray(hand), x)
    assert min(said.values()) > 200, said


def test_a_khan_trinh_phu_never_takes_its_fourth_card():
    # khàn 3V trình phu with its fourth laid in 3V 4V 5V: were the khàn to take that 3V, the
    # 4V and 5V would make bí with 4N 4S and 5N 5S, and the hand would ù; sealed, it does not
    laid = [[KIND["3V"], KIND["4V"], KIND["5V"]]]
    khan = [KIND["3V"]]
    hand = cards("4N 4S 5N 5S 1N 2N 3N 7S 8S 9S 7V 8V 9V CC TT")
    assert R.ref_can_u(hand, laid, khan) and not R.ref_can_u(hand, laid, khan, sealed=khan)
    assert not L.can_u(bytearray(hand), [tuple(laid[0])], khan)
    # less the 5S, the hand waits on 5S only through that 3V: sealed, it waits on nothing
    hand[KIND["5S"]] -= 1
    assert R.ref_waits(hand, laid, khan) == [KIND["5S"]]
    assert L.waits(bytearray(hand), [tuple(laid[0])], khan) == [] == \
        R.ref_waits(hand, laid, khan, sealed=khan)


def _greedy_selfplay(seed, players):
    """A self-play record whose players take, at the deal, the last choice offered (a bất thực
    or khàn trình phu whenever one is allowed), and play as the computer player otherwise."""
    import tetcli.to_tom_selfplay as S
    from tet.games.to_tom.ai import Player

    class Greedy(Player):
        def choose(self, game, p, should_stop=None):
            legal = game.legal(p)
            if legal[0][0] in ("khan_down", "thien_khai"):
                return legal[-1]
            return Player.choose(self, game, p, should_stop)

    made = S.Player
    S.Player = lambda policy, rng: Greedy(policy, rng)
    try:
        return S.selfplay(seed, players)
    finally:
        S.Player = made


def test_the_checker_accepts_games_full_of_bat_thuc_and_refuses_forged_ones():
    seen = {"bat_thuc": 0, "trinh_phu": 0, "tai_kien": 0, "result": 0}
    forged = 0
    for seed in range(40):
        record = _greedy_selfplay(seed, 5 if seed % 4 else 4)
        check_record(record)
        acts = record["actions"]
        seen["bat_thuc"] += sum(a["action"] == "bat_thuc" for a in acts)
        seen["trinh_phu"] += sum(a["action"] == "trinh_phu" for a in acts)
        seen["tai_kien"] += sum(bool(a.get("tai_kien")) for a in acts)
        seen["result"] += bool(record["result"].get("bat_thuc"))
        # a bất thực turned into a trùng trục one: the cards that justified it taken away
        for i, a in enumerate(acts):
            if a["action"] == "bat_thuc" and a["card"] not in ("1V", "1N", "1S"):
                bad = copy.deepcopy(record)
                bad["actions"][i]["card"] = "CC"
                try:
                    check_record(bad)
                except (RuleBroken, KeyError, IndexError):
                    forged += 1
                else:
                    raise AssertionError("a forged bất thực passed (seed %d)" % seed)
                break
    assert min(seen.values()) > 0 and seen["bat_thuc"] > 40, seen
    assert forged > 10
