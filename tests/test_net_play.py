"""Whole shared games between simulated gadgets (tetcli.net_play, `tet net play`), Ô Ăn Quan
and Xăm Hường (Tổ Tôm and Xấp Sắc: test_net_play_to_tom.py, test_xap_sac_net.py):
on a clean channel and on one that loses 20% of its frames (and repeats and reorders some),
with a guest and the host rebooting mid-game; every gadget must end with the state a replay of
the host's log on one gadget gives, and every frame must fit ESP-NOW."""

import json

import pytest

from shared_table import BAD, tet
from tetcli.net_play import SharedRun
from tet.games.o_an_quan.engine import Game


def conserved(result, players):
    """Every dân and quan of the start is in some player's final score."""
    return sum(result) == players * (25 + 10)


@pytest.mark.parametrize("gadgets", [2, 3, 4])
@pytest.mark.parametrize("channel", ["clean", "bad"])
def test_a_whole_game_between_gadgets_ends_the_same_on_every_one(gadgets, channel):
    noise = BAD if channel == "bad" else {}
    for seed in (1, 2, 3):
        report = SharedRun(gadgets, gadgets, seed, **noise).run()
        assert report["ok"], report
        rows = report["gadgets"]
        assert len({row["digest"] for row in rows}) == 1
        assert sorted(row["seat"] for row in rows) == list(range(gadgets))
        assert all(conserved(row["result"], gadgets) for row in rows)
        resent = sum(row["retransmitted"] for row in rows)
        assert (resent > 0 and report["lost"] > 0) if noise else (resent == 0)


@pytest.mark.parametrize("gadgets, humans", [(2, 2), (5, 3), (12, 12)])
def test_xam_huong_between_gadgets_settles_the_same_on_every_one(gadgets, humans):
    report = SharedRun(gadgets, humans, 4, game_id="xh", **BAD).run()
    assert report["ok"], report
    rows = report["gadgets"]
    assert len({row["digest"] for row in rows}) == 1
    for row in rows:
        assert sum(row["result"]) == 0 and len(row["result"]) == gadgets   # who pays, who gets
    assert sorted(row["seat"] for row in rows) == list(range(humans)) + [255] * (gadgets - humans)


def test_xam_huong_survives_a_host_reboot_and_replays_its_dice():
    run = SharedRun(3, 3, 9, game_id="xh", **BAD)
    report = run.run(reboots=[(5000, 0), (9000, 2)])
    assert report["ok"], report
    assert report["moves"] > 10


def test_computer_seats_are_played_by_the_host_and_the_other_gadgets_watch():
    run = SharedRun(4, 2, 5, **BAD)
    report = run.run()
    assert report["ok"]
    assert [row["seat"] for row in report["gadgets"]] == [0, 1, 255, 255]
    assert {seat for seat, _intent in run.host.log} == {0, 1, 2, 3}


def test_a_guest_and_then_the_host_reboot_mid_game_and_the_table_goes_on():
    run = SharedRun(3, 3, 4, **BAD)
    report = run.run(reboots=[(800, 1), (1600, 0), (2600, 2)])
    assert report["ok"], report
    moves = run.rebooted_at
    assert len(moves) == 3 and 0 < moves[0] < moves[1] < moves[2] < report["moves"]


def test_a_host_whose_save_is_a_move_behind_the_guests_brings_them_back_to_it():
    run = SharedRun(2, 2, 11, **BAD)
    run.lagging_save = True             # the last move was sent, not saved, when it went down
    report = run.run(reboots=[(1500, 0)])
    assert report["ok"], report


def test_every_frame_fits_esp_now_and_the_state_replays_on_one_gadget():
    run = SharedRun(4, 4, 6, **BAD)
    run.air.log = []
    assert run.run()["ok"]
    assert run.air.log and max(len(frame) for _src, _dst, frame in run.air.log) <= 250
    replayed = Game(4)
    for _seat, intent in run.host.log:
        replayed.play(intent[0], 1 if intent[1] else -1)
    assert bytes(replayed.state) == bytes(run.host.adapter.game.state) and replayed.over


def test_the_command_line_reports_every_gadget_in_json():
    res = tet("net", "play", "--game", "oaq", "--gadgets", "3", "--humans", "2", "--seed", "8",
              "--loss", "0.2", "--dup", "0.05", "--reorder", "0.1", "--json")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["ok"] is True and len(report["gadgets"]) == 3
    for row in report["gadgets"]:
        assert set(row) >= {"digest", "result", "sent", "retransmitted", "dropped"}


@pytest.mark.parametrize("args, words", [
    (["--game", "chess", "--gadgets", "2", "--seed", "1"], "--game must be one of"),
    (["--game", "oaq", "--gadgets", "2", "--seed", "1", "--target", "5"], "--target is for"),
    (["--game", "totom", "--gadgets", "2", "--seed", "1", "--target", "0"], "--target must be"),
    (["--game", "totom", "--gadgets", "6", "--seed", "1"], "--gadgets must be 2..5"),
    (["--game", "xh", "--gadgets", "13", "--seed", "1"], "--gadgets must be 2..12"),
    (["--game", "oaq", "--gadgets", "5", "--seed", "1"], "--gadgets must be 2..4"),
    (["--game", "oaq", "--gadgets", "3", "--humans", "4", "--seed", "1"], "--humans must be"),
    (["--game", "oaq", "--gadgets", "2", "--seed", "x"], "--seed must be a whole number"),
    (["--game", "oaq", "--gadgets", "2", "--seed", "1", "--loss", "0.9"], "--loss must be 0..0.5"),
    (["--game", "oaq", "--gadgets", "2", "--seed", "1", "--dup", "nan"], "--dup must be"),
])
def test_bad_options_are_one_line_and_exit_2(args, words):
    res = tet("net", "play", *args)
    assert res.returncode == 2 and res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1 and words in res.stderr, res.stderr
