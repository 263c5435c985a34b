"""Tổ Tôm played together between simulated gadgets (tetcli.net_play, `tet net play --game
totom`): whole hội on a clean channel and on one that loses 20% of its frames (and repeats and
reorders some), a guest and the host rebooting mid-hội; every gadget ends with the state a
replay of the host's log on one gadget gives. No frame on the air carries a hand, or any
seat's private part, in the clear; each guest holds exactly its own hand; the deal checks out
against the host's commitment, and a deal that differs from it is caught."""

import json

import pytest

from shared_table import BAD, in_the_clear, pieces
from tetcli.net_play import SharedRun
from tet.core.rng import Rng
from tet.games.to_tom import engine as T
from tet.games.to_tom import adapter as A, seen
from tet.games.to_tom import intents as S
from tet.games.to_tom.state import pack_digits
from tet.net.deal import to_hex



@pytest.mark.parametrize("gadgets", [2, 4, 5])
@pytest.mark.parametrize("channel", ["clean", "bad"])
def test_a_hoi_between_gadgets_ends_the_same_on_every_one(gadgets, channel):
    noise = BAD if channel == "bad" else {}
    report = SharedRun(gadgets, gadgets, 20 + gadgets, game_id="totom", target=6, **noise).run()
    assert report["ok"], report
    rows = report["gadgets"]
    assert len({row["digest"] for row in rows}) == 1
    assert sorted(row["seat"] for row in rows) == list(range(gadgets))
    scores = rows[0]["result"]
    assert max(scores) >= 6 and all(row["result"] == scores for row in rows)
    resent = sum(row["retransmitted"] for row in rows)
    if noise:
        assert resent > 0 and report["lost"] > 0
    else:
        # a clean channel loses only what a full receive buffer drops (the host's, when four
        # guests answer at once), and each of those is sent again
        assert report["lost"] * 100 < report["frames"] and resent >= report["lost"]


def test_a_guest_and_the_host_reboot_mid_hoi_and_the_table_goes_on():
    run = SharedRun(3, 3, 31, game_id="totom", target=12, **BAD)
    report = run.run(reboots=[(2000, 1), (5000, 0), (8000, 2)])
    assert report["ok"], report
    moves = run.rebooted_at
    assert len(moves) == 3 and 0 < moves[0] < moves[1] < moves[2] < report["moves"]


def test_no_frame_carries_a_hand_in_the_clear_and_each_guest_holds_only_its_own():
    run = SharedRun(4, 4, 12, game_id="totom", target=4, record=True, **BAD)
    adapter = run.host.adapter
    hands = set()
    real_private = adapter.private

    def private(seat):
        text = real_private(seat)
        if text is not None:
            mine = json.loads(text)
            hands.add(mine["hands"].encode())
            hands.add(mine["dealt"].encode())
        return text
    adapter.private = private
    publics = []
    real_public = adapter.public

    def public():
        text = real_public()
        publics.append(text)
        return text
    adapter.public = public
    report = run.run()
    assert report["ok"], report
    frames = [frame for _src, _dst, frame in run.air.log]
    assert frames and max(len(frame) for frame in frames) <= 250
    assert len(hands) > 8
    for text in publics:
        assert not any(hand in text for hand in hands)
        assert b'"hands"' not in text and b'"stock"' not in text and b'"banned"' not in text
    # every 12-digit piece of every hand a seat held or was dealt, at every offset of every
    # frame (the private part's JSON keys are the public state's too: its values are the secret)
    assert not in_the_clear(frames, pieces(hands, 12), 12)
    for guest in run.guests[1:]:
        mine = json.loads(guest.private)
        assert mine["hands"] == pack_digits(adapter.game.hands[guest.seat])
        shown = seen.view(guest.state, guest.private, guest.seat)[0]
        for q in range(shown.n):
            if q != guest.seat:
                assert sum(shown.hands[q]) == 0


def dealt_game(seed):
    """A hội's first game dealt from a secret: (adapter, secret)."""
    rng = Rng(seed)
    secret = bytes(rng.below(256) for _ in range(16))
    adapter = A.Adapter(T.Hoi(5, dealer=2), lambda: secret)
    return adapter, secret


def test_the_deal_checks_out_against_the_commitment_and_a_different_one_is_caught():
    adapter, secret = dealt_game(3)
    game = adapter.game
    dealt = json.loads(adapter.private(1))["dealt"]
    # every card of the stock this gadget saw turned up (here: the next three from the top)
    turned = {game.left - 1 - i: game.stock[game.left - 1 - i] for i in range(3)}
    commit = adapter.commit
    assert seen.deal_honest(commit, to_hex(secret), 5, game.dealer, 1, dealt, turned)
    counts = sum(int(c) for c in dealt)
    assert counts == 20 + (1 if game.dealer == 1 else 0)
    other = bytes(reversed(secret))
    assert not seen.deal_honest(commit, to_hex(other), 5, game.dealer, 1, dealt, turned)
    changed = list(dealt)
    i = changed.index("1") if "1" in changed else 0
    changed[i] = "0"
    changed[(i + 1) % T.NKINDS] = str(int(changed[(i + 1) % T.NKINDS]) + 1)
    assert not seen.deal_honest(commit, to_hex(secret), 5, game.dealer, 1, "".join(changed),
                                  turned)
    top = game.left - 1
    assert not seen.deal_honest(commit, to_hex(secret), 5, game.dealer, 1, dealt,
                                  {top: (game.stock[top] + 1) % T.NKINDS})


def test_every_seat_is_offered_exactly_the_hosts_legal_moves_over_a_whole_hoi():
    """A guest's gadget (seen.SeenGame: the host's choices for its seat) and a desktop player's
    full game of the rules (the public state and its own cards) offer what the host's engine
    allows, at every decision of a seeded hội, and every seat is told what the engine says of
    its declined kinds and end-game discards; its saves all read back, long laid runs too. The
    takes onto laid entries of to-tom-v2 §2 are among the choices (their laid entries and what
    lent are public)."""
    from tet.games.to_tom.ai import Player

    rng = Rng(9)        # a long hội with a laid entry of eight cards
    adapter = A.Adapter(T.Hoi(5, dealer=2), lambda: bytes(rng.below(256) for _ in range(16)))
    bots = [Player("bot", Rng(p + 1)) for p in range(5)]
    decisions = longest = 0
    forms = set()
    while not adapter.over():
        p = adapter.to_move()
        if adapter.game.phase == T.P_OVER:
            intent = S.NEXT
        else:
            # a desktop player's full game of the rules, and a guest's gadget's view: both offer
            # exactly the host's choices
            public, truth = adapter.public(), adapter.game
            ruled = A.view(public, adapter.private(p), p)[0]
            assert ruled.legal(p) == truth.legal(p) and ruled.discards(p) == truth.discards(p)
            for name, arg in truth.legal(p):
                if name == "eat" and type(arg[0]) is not int:
                    forms.add("onto" if arg[1] >= 0 else "kem" if arg[2] >= 0 else
                              "khan_up" if arg[4] else "also")
            for q in range(5):
                shown = seen.view(public, adapter.private(q), q)[0]
                assert shown.legal(q) == truth.legal(q)
                assert shown.discards(q) == truth.discards(q)
                assert shown.declined_here(q) == truth.declined_here(q)
                assert [x for x in range(T.NKINDS) if shown.end_refuses(q, x)] == \
                    [x for x in range(T.NKINDS) if truth.hands[q][x] and truth.end_refuses(q, x)]
            intent = S.encode(bots[p].choose(ruled, p))
            decisions += 1
            game = adapter.game
            longest = max([longest] + [len(phu) for lp in game.laid for phu in lp])
            T.ToTom.from_dict(json.loads(json.dumps(game.to_dict())))
        assert adapter.accepts(p, intent)
        adapter.apply(p, intent)
    assert decisions > 500 and adapter.hoi.games > 10
    assert longest >= 8     # a long laid entry (a run of eight and more): the save once refused it
    assert {"onto", "kem", "also"} <= forms, forms


def test_a_guest_is_offered_its_u_vong_by_name_and_the_host_scores_it():
    # to-tom-v2 §3 at a shared table: seat 1 waits on 5V alone, seat 2 holds the thiên khai;
    # the guest's view names the ù vọng, the others see only that the table waits
    from test_to_tom_game import K, VONG_HAND, table
    from tet.games.to_tom.play import action_label

    game = table({0: "9N", 1: VONG_HAND, 2: "5V 5V 5V 5V"}, dealer=0, keep="9N 5V")
    game.log = []
    game.apply(0, ("discard", K["9N"]))
    adapter = A.Adapter(T.Hoi(5, dealer=0), lambda: bytes(16), game=game, secret=bytes(16))
    mine = seen.view(adapter.public(), adapter.private(1), 1)[0]
    assert mine.legal(1) == [("u", None), ("pass", None)]
    assert action_label(mine, ("u", None)) == "Ù vọng 5V"
    other = seen.view(adapter.public(), adapter.private(3), 3)[0]
    assert other.to_move() == -1 and other.legal(3) == []
    intent = S.encode(("u", None))
    assert adapter.accepts(1, intent) and not adapter.accepts(3, intent)
    adapter.apply(1, intent)
    assert game.winner == 1 and adapter.hoi.scores[1] == game.score["points"]


def test_a_guest_makes_its_deal_choices_and_its_bat_thuc_stays_its_secret():
    # to-tom-v2 §3 at a shared table: seat 1 is asked about its four 3V, three 5N, 2S and CC
    # through its own part; the others see the table wait, and after the bất thực of 5N only
    # seat 1's part names it (the public state tells the cup, never the kind)
    from test_to_tom_game import K, table
    from test_to_tom_ui import DEAL_CHOICES_HAND

    game = table({1: DEAL_CHOICES_HAND}, dealer=0, choose=True)
    game.log = []
    adapter = A.Adapter(T.Hoi(5, dealer=0), lambda: bytes(16), game=game, secret=bytes(16))
    while game.actor == 0:
        adapter.apply(0, S.encode(game.legal(0)[0]))
    assert game.phase == T.P_DEAL and game.actor == 1
    run = (K["3V"], K["4V"], K["5V"])
    for action in (("trinh_phu", (K["3V"], run)), ("bat_thuc", K["5N"]),
                   ("khan_down", K["2S"]), ("khan_down", K["CC"])):
        public = adapter.public()
        mine = seen.view(public, adapter.private(1), 1)[0]
        assert mine.legal(1) == game.legal(1) and action in mine.legal(1)
        other = seen.view(public, adapter.private(3), 3)[0]
        assert other.to_move() == -1 and other.legal(3) == []
        intent = S.encode(action)
        assert S.decode(intent) == action
        assert adapter.accepts(1, intent) and not adapter.accepts(3, intent)
        adapter.apply(1, intent)
        if action[0] == "bat_thuc":
            # the table's word on it names the cup, not the kind
            assert json.loads(adapter.public())["event"] == [1, "bat_thuc", -1]
    assert game.bat_thuc(1) == (K["5N"],) and game.laid[1] == [run]
    public = adapter.public()
    assert "bt" not in json.loads(public)
    assert seen.view(public, adapter.private(1), 1)[0].bat_thuc(1) == (K["5N"],)
    from tet.games.to_tom.table_texts import table_text

    for q in (0, 2, 3, 4):
        shown = seen.view(public, adapter.private(q), q)[0]
        assert not shown.bat and shown.laid[1] == [run]
        # the cup is on the mat for everyone: the Phu trên chiếu view tells it, not its kind
        assert shown.cups(1) == 1 and shown.cups(q) == 0
        line = [t for t in table_text(shown, ["S%d" % s for s in range(5)], q).split("\n")
                if t.startswith("S1:")][0]
        assert "chén bất thực: 1" in line and "5N" not in line, line
    # a tái kiến's intent carries its run
    tai_kien = ("phong", ((K["4N"], K["5N"], K["6N"]),))
    assert S.decode(S.encode(tai_kien)) == tai_kien
