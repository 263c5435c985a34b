"""Xấp Sắc between simulated gadgets (tetcli.net_play, `tet net play --game xs`): whole games on
a clean channel and on one that loses 20% of its frames (and repeats and reorders some), with
a guest and the host rebooting; every gadget ends with the state a replay of the host's log on
one gadget gives. The hands stay private: no frame on the air carries another player's hand
(nor, in the clear, anyone's), every guest's decrypted part is exactly its own hand, and the
committed deal checks out on an honest host and not on one that dealt other cards."""

import json

import pytest

from shared_table import BAD, in_the_clear, pieces, tet
from tetcli.net_play import SharedRun
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import adapter as A
from tet.net.deal import commitment

WINDOW = 6      # bytes of a private part looked for in every frame


def points_add_up(report, gadgets):
    """Every round's points are in the final scores, which one player tops with the target."""
    for row in report["gadgets"]:
        scores = row["result"]
        assert len(scores) == gadgets and max(scores) >= X.TARGET[gadgets]
        assert scores.count(max(scores)) == 1


@pytest.mark.parametrize("gadgets, channel, seed", [
    (2, "clean", 1), (3, "clean", 2), (4, "clean", 3),
    (2, "bad", 4), (3, "bad", 5), (4, "bad", 6)])
def test_a_whole_game_between_gadgets_ends_the_same_on_every_one(gadgets, channel, seed):
    noise = BAD if channel == "bad" else {}
    report = SharedRun(gadgets, gadgets, seed, game_id="xs", **noise).run()
    assert report["ok"], report
    rows = report["gadgets"]
    assert len({row["digest"] for row in rows}) == 1
    assert sorted(row["seat"] for row in rows) == list(range(gadgets))
    points_add_up(report, gadgets)
    resent = sum(row["retransmitted"] for row in rows)
    assert (resent > 0 and report["lost"] > 0) if noise else resent == 0


def test_a_guest_and_then_the_host_reboot_mid_game_and_the_table_goes_on():
    run = SharedRun(3, 3, 7, game_id="xs", **BAD)
    report = run.run(reboots=[(3000, 1), (9000, 0), (15000, 2)])
    assert report["ok"], report
    moves = run.rebooted_at
    assert len(moves) == 3 and 0 < moves[0] < moves[1] < moves[2] < report["moves"]


def test_a_host_whose_save_is_an_action_behind_the_guests_brings_them_back_to_it():
    run = SharedRun(2, 2, 12, game_id="xs", **BAD)
    run.lagging_save = True             # the last action was sent, not saved, when it went down
    report = run.run(reboots=[(4000, 0)])
    assert report["ok"], report


def test_computer_seats_play_with_the_hands_the_host_holds_and_a_watcher_watches():
    run = SharedRun(4, 2, 8, game_id="xs", **BAD)
    report = run.run()
    assert report["ok"], report
    assert sorted(row["seat"] for row in report["gadgets"]) == [0, 1, 255, 255]
    assert {seat for seat, _intent in run.host.log} == {0, 1, 2, 3}
    # between rounds only the host's seat deals, once a round
    deals = [seat for seat, intent in run.host.log if intent == A.NEXT]
    assert set(deals) == {0} and len(deals) == run.host.adapter.game.round_no - 1


def test_no_frame_carries_a_hand_and_each_guest_opens_exactly_its_own():
    run = SharedRun(3, 3, 9, game_id="xs", **BAD)
    run.air.log = []
    hidden = set()
    opened = []
    real_poll = run.host.poll

    def poll(now):
        out = real_poll(now)
        adapter = run.host.adapter
        for seat in range(adapter.players):
            hidden.update(pieces([adapter.private(seat)], WINDOW))
        public = json.loads(adapter.public())
        assert "hands" not in public and "box" not in public
        assert public["h"] == [len(h) for h in adapter.game.hands]
        for guest in run.guests[1:]:
            if guest.private is not None and guest.version == run.host.version:
                assert guest.private == adapter.private(guest.seat)
                assert A.View(guest.state, guest.private).game.hands[guest.seat] == \
                    adapter.game.hands[guest.seat]
                opened.append(guest.seat)
        return out
    run.host.poll = poll
    assert run.run()["ok"]
    assert len(hidden) > 100 and set(opened) == {1, 2}
    frames = [frame for _src, _dst, frame in run.air.log]
    assert max(len(frame) for frame in frames) <= 250
    assert not in_the_clear(frames, hidden, WINDOW)


def seen_of(run):
    """The guest of a 2-gadget run (seat 1) and what it saw dealt: round -> (its hand when
    first seen, the layout), as its screen records it, from every state it is shown."""
    guest = run.guests[1]
    seat = 1
    seen = {}
    real_poll = guest.poll

    def poll(now):
        changed = real_poll(now)
        if changed and guest.private is not None:
            view = A.View(guest.state, guest.private)
            game = view.game
            if game.phase == X.PLAYING and game.round_no not in seen:
                seen[game.round_no] = (bytes(game.hands[seat]), view.layout())
        return changed
    guest.poll = poll
    return guest, seen


def test_the_deal_checks_out_on_an_honest_host():
    run = SharedRun(2, 2, 10, game_id="xs")
    guest, seen = seen_of(run)
    assert run.run()["ok"]
    view = A.View(guest.state, guest.private)
    assert view.secret is not None and len(seen) == view.game.round_no > 1
    assert A.deal_honest(view.commit, view.secret, 2, X.DECK_7X2, 1, seen)
    # another seat's hands, or a secret that is not the committed one, do not
    assert not A.deal_honest(view.commit, view.secret, 2, X.DECK_7X2, 0, seen)
    assert not A.deal_honest(view.commit, "00" * 16, 2, X.DECK_7X2, 1, seen)


def test_a_host_that_dealt_other_cards_than_its_secret_gives_is_caught():
    run = SharedRun(2, 2, 11, game_id="xs")
    adapter = run.host.adapter
    # the host deals from another secret but commits to (and at the end reveals) the first
    other = bytes(16)
    adapter.game = A.new_game(2, X.DECK_7X2, other)
    assert adapter.commit == commitment(run.driver.secret)
    guest, seen = seen_of(run)
    run.run()
    view = A.View(guest.state, guest.private)
    assert view.secret is not None and seen
    assert not A.deal_honest(view.commit, view.secret, 2, X.DECK_7X2, 1, seen)


def test_a_forged_play_or_a_pass_out_of_turn_is_refused():
    secret = bytes(range(16))
    adapter = A.Adapter(A.new_game(3, X.DECK_7X2, secret), secret)
    game = adapter.game
    play = game.legal_plays(every_order=False)[0]
    assert not adapter.accepts(1, A.play_intent(play))         # not seat 1's turn
    assert not adapter.accepts(0, A.PASS)                      # the opener can play
    assert not adapter.accepts(0, A.NEXT)                      # the round goes on
    every = game.legal_plays()          # every order of every play: the engine's own check
    assert len(every) > len(game.legal_plays(every_order=False))
    for p in every[:40]:
        assert adapter.accepts(0, A.play_intent(p))
        for bit in range(32):           # any other int: other cells, cards, shape, stray bits
            forged = p ^ (1 << bit)
            assert adapter.accepts(0, A.play_intent(forged)) == (forged in every)
    assert not adapter.accepts(0, b"P\x01") and not adapter.accepts(0, b"")


def test_the_command_line_plays_xap_sac_and_reports_every_gadget():
    res = tet("net", "play", "--game", "xs", "--gadgets", "3", "--humans", "2", "--seed", "8",
              "--loss", "0.2", "--dup", "0.05", "--reorder", "0.1", "--json")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["ok"] is True and report["game"] == "xs" and len(report["gadgets"]) == 3
    for row in report["gadgets"]:
        assert set(row) >= {"digest", "result", "sent", "retransmitted", "dropped"}
    bad = tet("net", "play", "--game", "xs", "--gadgets", "5", "--seed", "1")
    assert bad.returncode == 2 and "--gadgets must be 2..4" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
