"""Invariants over a few hundred whole Xấp Sắc games (CPython only).

Every play of some games (2, 3 and 4 players in turn) is checked from the outside: the table before and after, the
player's hand, and a line checker of this file's own (not the engine's). The games are few enough
for the whole suite's time; what they cover (decks, numbers of players, every line type, Xấp,
both kinds of round end) is asserted, so a change that stopped reaching a case shows.
"""

from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
from tet.core.rng import Rng
from tet.games.xap_sac import engine as X

from test_xap_sac_bruteforce import simple_line


def snapshot(game):
    return {(c["x"], c["y"]): c["code"] for c in game.to_dict()["table"]}


def all_lines(table):
    """Every maximal run of numbered cards along x and along y, as lists of cells."""
    lines = []
    for dx, dy in ((1, 0), (0, 1)):
        for (x, y), code in table.items():
            if code == "TS" or table.get((x - dx, y - dy), "TS") != "TS":
                continue
            run = [(x, y)]
            while table.get((run[-1][0] + dx, run[-1][1] + dy), "TS") != "TS":
                run.append((run[-1][0] + dx, run[-1][1] + dy))
            lines.append(run)
    return lines


def check_play(before, after, hand, entry, mode, last):
    """Raise AssertionError unless the play was legal by the spec."""
    new = {p: c for p, c in after.items() if p not in before}
    assert all(after[p] == before[p] for p in before), "a table card moved"
    assert sorted(new.values()) == sorted(entry["codes"])
    # the cards came from the hand, copies counted (the default deck holds each card twice)
    assert all(list(new.values()).count(c) <= hand.count(c) for c in new.values())
    xs = set(p[0] for p in new)
    ys = set(p[1] for p in new)
    assert len(xs) == 1 or len(ys) == 1
    dx, dy = (0, 1) if entry["axis"] == 1 else (1, 0)
    if len(new) > 1:
        assert (dx, dy) == ((1, 0) if len(ys) == 1 else (0, 1))
    for line in all_lines(after):
        assert len(line) <= 4, "a line of %d cards" % len(line)
    x, y = min(new)
    while after.get((x - dx, y - dy), "TS") != "TS":
        x, y = x - dx, y - dy
    line = [(x, y)]
    while after.get((x + dx, y + dy), "TS") != "TS":
        x, y = x + dx, y + dy
        line.append((x, y))
    assert set(new) <= set(line)
    kind = simple_line([after[p] for p in line])
    assert kind is not None and kind == entry["line"]
    if not [p for p in line if p in before]:
        ends = [(line[0][0] - dx, line[0][1] - dy), (line[-1][0] + dx, line[-1][1] + dy)]
        assert mode == X.LEAD and len(new) >= 2 and "TS" in [before.get(e) for e in ends]
    if mode == X.FOLLOW:
        assert kind[0] == last[0] and kind[1] >= last[1] and (kind[2] or not last[2])


def count_cards(game):
    d = game.to_dict()
    codes = [c["code"] for c in d["table"]] + [c for h in d["hands"] for c in h] + d["box"]
    assert len(codes) == 58
    assert codes.count("TS") == 2
    if d["deck"] == "1-14":
        assert len(set(codes)) == 57
    else:
        numbered = [c for c in codes if c != "TS"]
        assert all(int(c[1:]) <= 7 and numbered.count(c) == 2 for c in numbered)


def run_game(players, seed, agents, check_every=True, seen=None):
    """Play one game to its end, checking every play when `check_every`; adds to the set `seen`
    what it covered: (deck, players), the checked lines' (type, Xấp) and the kinds of round end."""
    if seen is None:
        seen = set()
    game = X.XapSac(players, seed, deck=X.DECKS[seed % 7 == 3])
    seen.add((game.deck, players))
    steps = 0
    round_start = list(game.scores)
    while game.phase != X.GAME_OVER:
        assert steps < 5000 and len(game.rounds) < 100, "the game does not end"
        if game.phase == X.ROUND_OVER:
            points = [a - b for a, b in zip(game.scores, round_start)]
            assert points == game.rounds[-1]
            seen.add("ket" if game.ket else "out")
            if not game.ket:
                assert sorted(points) == list(range(players))
            game.next_round()
            round_start = list(game.scores)
            count_cards(game)
            continue
        steps += 1
        player = game.turn
        assert game.hands[player]
        mode = game.mode
        play = agents[player].choose(game)
        if play is None:
            # the round's opener never passes holding a play
            assert mode != X.OPEN or not game.has_legal_play()
            game.pass_turn()
            continue
        if check_every:
            legal = game.legal_plays()
            assert play in legal
            before = snapshot(game)
            hand = [X.card_code(c) for c in game.hands[player]]
            last = X.line_dict(game.last)
            last = (last["type"], last["rank"], last["xap"])
            line = X.line_dict(X.play_line(play))
            entry = {"codes": [X.card_code(c) for c in X.play_cards(play)],
                     "line": (line["type"], line["rank"], line["xap"]), "axis": X.play_axis(play)}
        game.play(play)
        if check_every:
            check_play(before, snapshot(game), hand, entry, mode, last)
            count_cards(game)
            seen.add(entry["line"][0::2])
    top = max(game.scores)
    assert top >= X.TARGET[players] and game.scores.count(top) == 1
    return game, steps


# what the games of each test must reach: both decks with 2, 3 and 4 players, every line type
# checked, Xấp for the pairs and runs (one colour never has three cards of a number), rounds
# that end by going out and by kẹt
COVERED = set([(deck, players) for deck in X.DECKS for players in (2, 3, 4)]
              + [(typ, False) for typ in X.TYPE_NAMES]
              + [(typ, True) for typ in ("pair", "run3", "run4")] + ["ket", "out"])


def test_random_games_keep_every_invariant():
    seen = set()
    for seed in range(120):
        players = 2 + seed % 3
        rng = Rng(seed + 77)
        run_game(players, seed, [RandomPlayer(rng) for _ in range(players)],
                 check_every=seed % 4 == 0, seen=seen)
    assert COVERED <= seen, COVERED - seen


def test_computer_players_keep_every_invariant():
    seen = set()
    for seed in range(48):
        players = 2 + seed % 3
        rng = Rng(seed)
        agents = [HeuristicPlayer(1) if p % 2 == 0 else RandomPlayer(rng) for p in range(players)]
        run_game(players, 5000 + seed, agents, check_every=seed % 2 == 0, seen=seen)
    assert COVERED <= seen, COVERED - seen


def test_ket_rounds_happen_and_score_by_the_rule():
    """Random players pass leads holding plays, so đền comes up; check its scoring by hand."""
    seen_den = 0
    for seed in range(150):
        game = X.XapSac(3, seed)
        rng = Rng(seed)
        player = RandomPlayer(rng)
        while game.phase == X.PLAYING:
            play = player.choose(game)
            if play is None:
                holders = game.holders()
                before = list(game.round_points)
                game.pass_turn()
                if game.ket:
                    den = game.den()
                    for p in range(3):
                        want = before[p]
                        if p in holders:
                            want += -1 if p in den else 1
                        assert game.round_points[p] == want
                    seen_den += bool(den)
            else:
                game.play(play)
    assert seen_den > 0
