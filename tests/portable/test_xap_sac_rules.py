"""Xấp Sắc rules on hand-made positions (runs under pytest and real MicroPython)."""

from tet.games.xap_sac import engine as X
from tet.games.xap_sac import saved as L


def position(table, hands, mode="open", last=None, turn=0, **extra):
    """A saved position: `table` maps (x, y) to codes (the two Tứ Sắc added at (0,0) and (5,0));
    cards in no hand and not on the table go to the box."""
    cells = dict(table)
    cells[(0, 0)] = "TS"
    cells[(5, 0)] = "TS"
    used = list(cells.values()) + [c for h in hands for c in h]
    if extra.pop("box_extra", False):
        # the 1-7 x 2 deck: every card twice, less those in use
        box = [X.card_code(c) for c in range(56) if c % 14 < 7] * 2
        for c in used:
            if c != "TS":
                box.remove(c)
    else:
        box = [X.card_code(c) for c in range(56) if X.card_code(c) not in used]
    d = {"players": len(hands), "table": [{"code": c, "x": p[0], "y": p[1]} for p, c in cells.items()],
         "hands": [list(h) for h in hands], "box": box, "turn": turn, "mode": mode, "last": last}
    d.update(extra)
    return L.from_dict(d)


START = {(1, 0): "R1", (2, 0): "Y3", (3, 0): "G9", (4, 0): "W12"}


def described(game):
    """Legal plays as sorted ((x, y, code), ...) tuples plus the line's type, rank and Xấp."""
    out = []
    for p in game.legal_plays():
        cells = tuple(sorted((X.key_x(k), X.key_y(k), X.card_code(c)) for k, c in X.play_cells(p, game.table)))
        line = X.line_dict(X.play_line(p))
        out.append((cells, line["type"], line["rank"], line["xap"]))
    return sorted(out)


def test_card_codes_cover_58_cards():
    codes = [X.card_code(c) for c in range(X.NUM_CARDS)]
    assert codes.count("TS") == 2
    assert len(set(codes)) == 57
    for c in range(56):
        assert X.parse_card(X.card_code(c)) == c
    assert X.card_code(6) == "R7" and X.card_code(14 + 13) == "Y14" and X.card_code(28) == "G1"
    for bad in ("R0", "R15", "X3", "R07", "", "TS1", 7):
        try:
            X.parse_card(bad)
            assert False, bad
        except ValueError:
            pass


def line_of(codes):
    line = X.classify([X.parse_card(c) for c in codes])
    return None if line < 0 else (X.TYPE_NAMES[line & 7], (line >> 3) & 15, bool(line & 0x80))


def test_line_types_ranks_and_xap():
    assert line_of(["R7", "G7"]) == ("pair", 7, False)
    assert line_of(["R7", "G7", "W7"]) == ("triple", 7, False)
    assert line_of(["R7", "G7", "W7", "Y7"]) == ("quad", 7, False)
    assert line_of(["R9", "G7", "W8"]) == ("run3", 9, False)
    assert line_of(["R12", "R14", "R11", "R13"]) == ("run4", 14, True)
    assert line_of(["Y1", "Y2", "Y3"]) == ("run3", 3, True)
    assert line_of(["R13", "R14", "R1"]) is None
    assert line_of(["R7", "G8"]) is None
    assert line_of(["R7", "G7", "R8"]) is None
    assert line_of(["R1", "R2", "R3", "R4", "R5"]) is None
    assert line_of(["R1"]) is None


def test_setup_for_each_player_count_with_the_1_14_deck():
    for players, hand, box, low in ((4, 12, 4, 1), (3, 16, 4, 1), (2, 11, 2, 8)):
        game = X.XapSac(players, 11, deck="1-14")
        d = game.to_dict()
        cells = dict(((c["x"], c["y"]), c["code"]) for c in d["table"])
        assert cells[(0, 0)] == "TS" and cells[(5, 0)] == "TS"
        assert sorted(cells) == [(x, 0) for x in range(6)]
        assert [len(h) for h in d["hands"]] == [hand] * players
        in_play = [c for h in d["hands"] for c in h] + [cells[(x, 0)] for x in range(1, 5)]
        assert all(int(c[1:]) >= low for c in in_play)
        assert len(d["box"]) == 56 - 4 - hand * players
        assert len(set(in_play + d["box"])) == 56
        assert len([c for c in d["box"] if int(c[1:]) >= low]) == box


def test_setup_for_each_player_count_with_the_default_1_7x2_deck():
    for players, hand, box in ((4, 12, 4), (3, 16, 4), (2, 11, 2)):
        game = X.XapSac(players, 11)
        d = game.to_dict()
        assert d["deck"] == "1-7x2"
        cells = dict(((c["x"], c["y"]), c["code"]) for c in d["table"])
        assert sorted(cells) == [(x, 0) for x in range(6)]
        assert [len(h) for h in d["hands"]] == [hand] * players
        in_play = [c for h in d["hands"] for c in h] + [cells[(x, 0)] for x in range(1, 5)]
        every = in_play + d["box"]
        assert len(every) == 56
        # numbers 1-7, each card exactly twice over table, hands and box
        for c in range(56):
            code = X.card_code(c)
            assert every.count(code) == (2 if int(code[1:]) <= 7 else 0), code
        if players == 2:
            # half the deck: one copy of each card in play, the other set in the box
            assert sorted(set(in_play)) == sorted(in_play)
            assert len(in_play) == 26
        else:
            assert len(d["box"]) == box


def test_new_cards_may_sit_on_both_sides_of_a_table_card():
    game = position(START, [["R9", "Y9", "W5"], ["G14"]])
    plays = described(game)
    assert (((3, -1, "R9"), (3, 1, "Y9")), "triple", 9, False) in plays
    assert (((3, -1, "Y9"), (3, 1, "R9")), "triple", 9, False) in plays
    assert (((3, 1, "R9"),), "pair", 9, False) in plays
    # along the row the 9 would join R1 Y3 G9 W12: never a line
    assert all(cells[0][1] != 0 for cells, _, _, _ in plays)


def test_runs_in_any_order_and_a_join_of_two_lines():
    # column x=2 holds Y3 at (2,0) and G5 at (2,2): a gap at (2,1) to fill
    table = dict(START)
    table[(2, 2)] = "G5"
    # G5 joins the layout through a column of 9s (every table card was played next to others)
    table[(3, 1)] = "W9"
    table[(3, 2)] = "R9"
    game = position(table, [["W4", "R6"], ["G14"]])
    plays = described(game)
    # W4 fills (2,1) joining Y3 and G5: run 3-4-5 read from the numbers, not their order
    assert (((2, 1, "W4"),), "run3", 5, False) in plays
    # R6 above G5 would leave the line 3 . 5 6: no line through (2, 3) with Y3
    assert (((2, 3, "R6"),), "run3", 6, False) not in plays
    assert (((2, 1, "W4"), (2, 3, "R6")), "run4", 6, False) in plays


def test_no_line_may_pass_four_cards_across():
    # a column of three at x=3 (G9 with W9 above and Y9 above that): a card at (3,3) makes 4,
    # and a row through (2,2) next to it is then legal only while the column stays at most 4
    table = dict(START)
    table[(3, 1)] = "W9"
    table[(3, 2)] = "Y9"
    game = position(table, [["R9", "Y8", "Y10"], ["G14"]])
    plays = described(game)
    assert (((3, 3, "R9"),), "quad", 9, False) in plays
    assert (((3, -1, "R9"),), "quad", 9, False) in plays
    table[(3, -1)] = "R10"  # now the column can not grow: R10 breaks it below
    game = position(table, [["R9", "Y8", "Y10"], ["G14"]])
    plays = described(game)
    # Y8 Y10 beside Y9 on row 2 make a run across; each new card's column is short, fine
    assert (((2, 2, "Y8"), (4, 2, "Y10")), "run3", 10, True) in plays
    table[(2, 1)] = "G8"
    table[(2, 3)] = "W8"
    table[(2, 4)] = "R8"
    # W8 and R8 join the layout through a straight R1-R4 up column x=1
    table[(1, 1)] = "R2"
    table[(1, 2)] = "R3"
    table[(1, 3)] = "R4"
    game = position(table, [["Y8", "Y10"], ["G14"]])
    # Y8 at (2,2) would make the column at x=2 Y3 G8 Y8 W8 R8: five cards
    assert all((2, 2, "Y8") not in cells for cells, _, _, _ in described(game))


def test_tu_sac_splits_lines_and_only_the_leader_starts_from_it():
    game = position(START, [["R13", "Y13", "G2"], ["G14"]])
    opening = described(game)
    assert not any(len(cells) == 2 and cells[0][2][1:] == "13" for cells, _, _, _ in opening)
    game = position(START, [["R13", "Y13", "G2"], ["G14"]], mode="lead")
    lead = described(game)
    starts = [cells for cells, typ, rank, _ in lead if typ == "pair" and rank == 13]
    # left of (0,0), right of (5,0), above and below each Tứ Sắc, in both orders: 6 * 2
    assert len(starts) == 12
    assert (((-2, 0, "Y13"), (-1, 0, "R13")), "pair", 13, False) in lead
    assert (((6, 0, "R13"), (7, 0, "Y13")), "pair", 13, False) in lead
    # a single card never starts a line from a Tứ Sắc; the Tứ Sắc at (5,0) splits W12 at (4,0)
    # from a card at (6,0)
    assert not any(len(cells) == 1 and cells[0][1] == 0 and cells[0][0] in (-1, 6)
                   for cells, _, _, _ in lead)


def test_four_card_lines_from_either_tu_sac_are_small_ints_with_their_cells():
    # runs and quads of four new cards from a Tứ Sắc: the plays' top bits (anchor at bit 28)
    hand = ["R3", "Y4", "G5", "W6", "R10", "Y10", "G10", "W10"]
    game = position(START, [hand, ["G14"]], mode="lead")
    fours = [p for p in game.legal_plays() if X.play_size(p) == 4]
    seen = set()
    for p in fours:
        assert 0 <= p < 2 ** 30
        cells = X.play_cells(p, game.table)
        assert [c for _, c in cells] == X.play_cards(p)
        xs = [X.key_x(k) for k, _ in cells]
        ys = [X.key_y(k) for k, _ in cells]
        seen.add((min(xs), min(ys), X.play_axis(p)))
        assert X.with_cards(p, X.play_cards(p)) == p
        assert X.play_line(p) in (X.line_code(X.RUN4, 6, False), X.line_code(X.QUAD, 10, False))
    # both orders of both kinds (24 runs, 24 quads) at each of 6 places: left of (0,0), right of
    # (5,0), above and below each Tứ Sắc
    assert len(fours) == 6 * 48 and len(set(fours)) == len(fours)
    assert seen == {(-4, 0, 0), (6, 0, 0), (0, -4, 1), (0, 1, 1), (5, -4, 1), (5, 1, 1)}


def test_play_tables_follow_their_definitions():
    shapes = []
    for size in range(2, 5):
        for mask in range(1, (1 << size) - 1):
            first = [i for i in range(size) if not mask >> i & 1][0]
            assert (1 << size) - 2 * size + mask - 1 == len(shapes)
            shapes.append((size, [i - first for i in range(size) if mask >> i & 1]))
    assert X.TS_PATTERN == len(shapes)
    for size in range(2, 5):
        shapes.append((size, list(range(1, size + 1))))
        shapes.append((size, list(range(-size, 0))))
    assert len(X.PAT_CELLS) == 4 * len(shapes) and len(X.PAT_K) == len(shapes)
    for code, (size, offsets) in enumerate(shapes):
        assert X.PAT_K[code] == len(offsets)
        assert list(X.PAT_CELLS[4 * code:4 * code + len(offsets)]) == [o + 4 for o in offsets]
        assert list(X.PAT_CELLS[4 * code + len(offsets):4 * code + 4]) == [0] * (4 - len(offsets))
        assert X.LINE_TYPE[2 * code] == size - 2 and X.LINE_TYPE[2 * code + 1] == size

    def orders(k):
        if k == 1:
            return [[0]]
        return [rest[:pos] + [k - 1] + rest[pos:] for rest in orders(k - 1) for pos in range(k)]
    for k in range(1, 5):
        assert list(X.MULTISETS[k]) == [m for m in range(1, 256) if bin(m).count("1") == k
                                        and not (m >> 4) & ~m & 15]
        assert list(X.PERMS[k]) == [i for order in orders(k) for i in order]
        assert list(X.IDENTITY[k]) == list(range(k))


def test_following_needs_same_type_higher_rank_and_xap_after_xap():
    table = dict(START)
    game = position(table, [["R8", "Y9", "W9", "G10", "G11", "G12", "G13"], ["G14"]],
                    mode="follow", last={"type": "pair", "rank": 9, "xap": False, "player": 1})
    plays = described(game)
    assert plays and all(t == "pair" and r >= 9 for _, t, r, _ in plays)
    assert (((3, 1, "Y9"),), "pair", 9, False) in plays
    game = position(table, [["R8", "Y9", "W9", "G10", "G11", "G12", "G13"], ["G14"]],
                    mode="follow", last={"type": "run3", "rank": 10, "xap": True, "player": 1})
    plays = described(game)
    assert plays and all(t == "run3" and r >= 10 and x for _, t, r, x in plays)
    assert (((3, -2, "G11"), (3, -1, "G10")), "run3", 11, True) in plays
    assert not any("R8" in [c[2] for c in cells] for cells, _, _, _ in plays)


def test_passes_make_a_leader_and_chuyen_tay():
    hands = [["R8", "Y9"], ["G14", "R14"], ["W13", "Y13"]]
    game = position(START, hands, mode="follow",
                    last={"type": "run4", "rank": 14, "xap": True, "player": 0}, turn=1)
    assert not game.has_legal_play()
    game.pass_turn()
    assert game.turn == 2 and game.mode == X.FOLLOW
    game.pass_turn()
    assert game.turn == 0 and game.mode == X.LEAD
    assert game.has_legal_play()  # Y9 with G9 at least
    game.pass_turn()  # the leader passes holding a play: chuyển tay
    assert game.turn == 1 and game.mode == X.LEAD and game.lead_passes == [(0, True)]
    game.play(game.legal_plays()[0])
    assert game.mode == X.FOLLOW and game.lead_passes == []


def test_ket_scores_den_minus_one_and_the_others_plus_one():
    # W13 Y13 can always go beside a Tứ Sắc, so player 2 holds a play; the others hold none
    hands = [["R2", "Y5"], ["G6", "R10"], ["W13", "Y13"]]
    table = dict(START)
    game = position(table, hands, mode="lead", turn=0)
    assert not game.has_legal_play(0) and not game.has_legal_play(1) and game.has_legal_play(2)
    assert game.pass_turn() is False
    assert game.pass_turn() is False
    assert game.phase == X.PLAYING
    assert game.pass_turn() is True
    assert game.phase == X.ROUND_OVER and game.ket
    assert game.round_points == [1, 1, -1]
    assert game.scores == [1, 1, -1]
    # the round's loser (the đền) opens the next round
    assert game.starter == 2
    game.next_round()
    assert game.turn == 2 and game.mode == X.OPEN


def test_ket_without_den_gives_everyone_still_in_one_point():
    hands = [["R2", "Y5"], [], ["G6", "R10"]]
    game = position(START, hands, mode="lead", turn=2, out=[1], round_points=[0, 2, 0])
    game.pass_turn()
    game.pass_turn()
    # the player already out keeps the 2 points of going out, nothing for the kẹt
    assert game.ket and game.round_points == [1, 2, 1] and game.scores == [1, 2, 1]


def test_going_out_scores_players_left_and_hưởng_sái():
    hands = [["Y9"], ["R14", "G14"], ["W13", "Y13"]]
    game = position(START, hands, turn=0)
    play = [p for p in game.legal_plays() if X.play_cards(p) == [X.parse_card("Y9")]][0]
    game.play(play)
    assert game.out == [0] and game.round_points[0] == 2
    assert game.turn == 1 and game.mode == X.FOLLOW
    game.pass_turn()
    game.pass_turn()
    # everyone passed the line of a player who is out: the next player still in leads
    assert game.mode == X.LEAD and game.turn == 1


def test_round_ends_with_one_player_left_and_the_game_at_the_target():
    hands = [["Y9"], ["W9"]]
    game = position(START, hands, turn=0, scores=[2, 0])
    game.play(game.legal_plays()[0])
    assert game.phase == X.GAME_OVER and game.scores == [3, 0] and game.winner() == 0
    tie = position(START, [["Y9"], ["W9"]], turn=0, scores=[2, 3])
    tie.play(tie.legal_plays()[0])
    assert tie.scores == [3, 3] and tie.phase == X.ROUND_OVER
    tie.next_round()
    assert tie.turn == 1 and tie.mode == X.OPEN and tie.round_no == 2


def test_saved_position_round_trip():
    game = X.XapSac(3, 5)
    for _ in range(12):
        plays = game.legal_plays(every_order=False)
        if plays:
            game.play(plays[len(plays) // 2])
        else:
            game.pass_turn()
    d = game.to_dict()
    again = L.from_dict(d)
    assert again.to_dict() == d
    assert again.legal_plays() == game.legal_plays()


def error_of(d):
    try:
        L.from_dict(d)
    except ValueError as e:
        return str(e)
    return None


def test_malformed_positions_are_refused_with_a_reason():
    good = X.XapSac(4, 2).to_dict()
    assert error_of(good) is None
    d = X.XapSac(4, 2).to_dict()
    d["hands"][0][0] = "Q5"
    assert "unknown card" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["hands"][1].append(d["hands"][0][0])
    assert "duplicate card" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["table"][1]["x"] = d["table"][2]["x"]
    assert "overlapping" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["box"].pop()
    assert "card counts" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["turn"] = "0"
    assert "turn" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["mode"] = "follow"
    assert "last" in error_of(d)
    assert "object" in error_of([1, 2])


def test_xap_pairs_with_two_copies_and_the_opener_must_play():
    # the default deck: the two copies of R5 make a Xấp pair; with a 5 of another colour a triple
    table = {(1, 0): "R1", (2, 0): "Y3", (3, 0): "G5", (4, 0): "R5"}
    game = position(table, [["R5", "G5", "W2"], ["Y6"]], deck="1-7x2",
                    box_extra=True)
    plays = described(game)
    # R5 beside R5 at (4,0) going up: a pair of two red 5s, Xấp
    assert (((4, 1, "R5"),), "pair", 5, True) in plays
    assert (((4, -1, "R5"),), "pair", 5, True) in plays
    assert (((4, 1, "G5"),), "pair", 5, False) in plays
    # both 5s in hand round G5 at (3,0): a triple, never Xấp
    assert (((3, -1, "R5"), (3, 1, "G5")), "triple", 5, False) in plays
    assert not game.may_pass()
    try:
        game.pass_turn()
        assert False, "the opener passed holding a play"
    except ValueError:
        pass
    # after a Xấp pair only a Xấp pair follows
    game = position(table, [["R5", "G5", "W2"], ["Y6"]], deck="1-7x2", box_extra=True,
                    mode="follow", last={"type": "pair", "rank": 4, "xap": True, "player": 1})
    # R5 on R5 and G5 on G5, above or below: four Xấp pairs, nothing else
    assert sorted(p[0] for p in described(game)) == [((3, -1, "G5"),), ((3, 1, "G5"),),
                                                     ((4, -1, "R5"),), ((4, 1, "R5"),)]
    assert all(p[1:] == ("pair", 5, True) for p in described(game))


def test_an_old_save_without_a_deck_loads_and_finishes_under_1_14():
    d = X.XapSac(3, 8, deck="1-14").to_dict()
    del d["deck"]
    game = L.from_dict(d)
    assert game.deck == "1-14"
    while game.phase == X.PLAYING:
        plays = game.legal_plays(every_order=False)
        if plays:
            game.play(plays[0])
        else:
            game.pass_turn()
    game.next_round() if game.phase == X.ROUND_OVER else None
    assert game.deck == "1-14"
    assert max(int(c[1:]) for h in game.hand_codes() for c in h) > 7


def test_impossible_positions_are_refused_with_a_reason():
    d = X.XapSac(4, 2).to_dict()
    d["table"][3]["y"] = 2
    assert "not joined to the layout" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["ket"] = True
    assert "kẹt" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["turn"] = 1
    d["box"] += d["hands"][1]
    d["hands"][1] = []
    assert "holds no cards" in error_of(d)
    d = X.XapSac(4, 2).to_dict()
    d["hands"][0].append(d["hands"][0][0])
    d["box"].pop()
    assert "deck holds 2" in error_of(d) or "card counts" in error_of(d)


def test_short_games_keep_every_card_and_end():
    from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
    from tet.core.rng import Rng

    for players in (2, 3, 4):
        game = X.XapSac(players, 40 + players)
        bots = [HeuristicPlayer(0), RandomPlayer(Rng(players))]
        # the default deck: numbers 1-7, two copies of each card, and the two Tứ Sắc
        every = sorted([c for c in range(56) if c % 14 < 7] * 2 + [X.TS, X.TS + 1])
        actions = 0
        while game.phase != X.GAME_OVER:
            assert actions < 3000
            if game.phase == X.ROUND_OVER:
                game.next_round()
                continue
            play = bots[game.turn % 2].choose(game)
            if play is None:
                game.pass_turn()
            else:
                assert play in game.legal_plays(every_order=False)
                game.play(play)
            actions += 1
            on_table = list(game.table.values())
            held = [c for h in game.hands for c in h]
            assert sorted(on_table + held + game.box) == every
        assert max(game.scores) >= X.TARGET[players]


def test_plays_in_chunks_hold_the_same_plays_as_a_list():
    # the table screen's container: the same plays in the same order, only stored in pieces
    for seed, players in ((3, 2), (8, 3), (21, 4)):
        game = X.XapSac(players, seed, 0, True)
        listed = game.legal_plays(every_order=False)
        chunked = game.legal_plays(out=X.Plays(), every_order=False)
        assert len(listed) > X.Plays.CHUNK     # an opening hand spans several chunks
        assert len(chunked) == len(listed) and list(chunked) == listed
        ends = (0, X.Plays.CHUNK, -1)
        assert [chunked[i] for i in ends] == [listed[i] for i in ends]
        assert list(game.legal_plays(out=X.Plays(), limit=5)) == game.legal_plays(limit=5)
    assert not X.Plays() and list(X.Plays()) == []
