"""Engine facts the `tet` command checks its input against (runs under pytest and MicroPython):
which Xấp Sắc positions play can reach, which Xăm Hường house rules fit a table size."""

from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
from tet.core.rng import Rng
from tet.games.xam_huong import rules as R
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import saved as L
from tetcli.xap_sac_check import check_position


def reason(d):
    """The ValueError message of loading and checking position `d`, or None when it is fine."""
    try:
        check_position(L.from_dict(d))
    except ValueError as e:
        return str(e)
    return None


def test_every_position_of_short_games_is_possible():
    checked = 0
    for players in (2, 3, 4):
        game = X.XapSac(players, 70 + players)
        bots = [HeuristicPlayer(1), RandomPlayer(Rng(players))]
        while game.phase != X.GAME_OVER and checked < 150 * players:
            assert reason(game.to_dict()) is None
            checked += 1
            if game.phase == X.ROUND_OVER:
                game.next_round()
                continue
            play = bots[game.turn % 2].choose(game)
            if play is None:
                game.pass_turn()
            else:
                game.play(play)
        assert reason(game.to_dict()) is None
    assert checked > 300


def played(players, seed, actions):
    """to_dict() of a game after `actions` plays or passes of its first round."""
    game = X.XapSac(players, seed)
    for i in range(actions):
        plays = game.legal_plays(every_order=False)
        if plays and (i % 3 or not game.may_pass()):  # the round's opener must play
            game.play(plays[0])
        else:
            game.pass_turn()
    assert game.phase == X.PLAYING
    return game.to_dict()


def test_impossible_positions_name_their_reason():
    d = played(4, 3, 8)
    d["out"] = [d["turn"]]
    why = reason(d)
    assert "is to move but is already out" in why or "is out but holds cards" in why
    d = played(4, 3, 8)
    d["ket"] = True
    assert "kẹt" in reason(d)
    d = played(4, 3, 8)
    d["table"].append({"code": d["hands"][0].pop(), "x": -30, "y": 12})
    assert "not joined to the layout" in reason(d)
    d = played(4, 3, 0)
    for y in range(1, 5):
        d["table"].append({"code": d["hands"][1].pop(), "x": 2, "y": y})
    why = reason(d)
    assert "no line holds more than 4" in why or "a line of 5 cards" in why
    d = played(3, 3, 0)
    d["mode"] = "lead"
    assert "no card has been played" in reason(d)
    d = played(2, 5, 6)
    d["scores"] = [0, 2]
    assert "scores must add up" in reason(d)


def test_rules_for_five_or_eight_and_more_players_only():
    R.check_options_players({}, 2)
    R.check_options_players({"ban_trang": 1}, 5)
    R.check_options_players({"ban_trang": 0, "cuop_trang_em": 0}, 3)
    for players in range(8, R.MAX_PLAYERS + 1):
        R.check_options_players({"cuop_trang_em": 1, "dau_the_roi": 2}, players)
    for options, players in (({"ban_trang": 1}, 4), ({"ban_trang": 1}, 6),
                             ({"cuop_trang_em": 1}, 7), ({"cuop_trang_em": 1}, 2)):
        try:
            R.check_options_players(options, players)
        except ValueError as e:
            assert "not %d" % players in str(e)
        else:
            assert False, (options, players)
