"""Ô Ăn Quan engine: hand-worked positions from the spec, loans, the end and the count, conservation."""

from tet.core.rng import Rng
from tet.games.o_an_quan.engine import STALL_ROUNDS, Game, format_move, parse_move


def setup(board, pieces, players=2, turn=0, captured=None, quan_value=10, quan_non=False):
    """A game whose position is set square by square (board: dân per square, pieces: per quan)."""
    game = Game(players, quan_value, quan_non)
    squares = 6 * players
    st = game.state
    for i in range(squares):
        st[i] = board[i]
    for k in range(players):
        st[squares + k] = pieces[k]
        if captured:
            st[squares + players + k] = captured[k]
    st[squares + 5 * players] = turn
    return game


def stall(game, low, plies):
    """Set the board's fewest stones so far and the plies since it last went below them (the
    board's stones now are counted from the position)."""
    players = game.players
    at = 11 * players
    game.state[at + 2] = low
    game.state[at + 3] = STALL_ROUNDS * players - plies
    game.state[at + 4] = sum(game.board()) + sum(1 for q in game.quan() if q)


def test_start_position_and_moves():
    game = Game()
    assert game.board() == [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5]
    assert game.quan() == [True, True]
    assert game.legal_moves() == [(s, d) for s in (1, 2, 3, 4, 5) for d in (1, -1)]
    assert not game.is_legal(7, 1) and not game.is_legal(0, 1) and not game.is_legal(3, 2)


def test_opening_3_plus_relays_once_then_captures_square_4():
    # 3+: 4,5,6,7,8 get one each; 9 (5 dân) is lifted: 10,11,0,1,2; 3 is empty so 4 (6) is taken.
    game = Game()
    assert game.play(3, 1) == 6
    assert game.board() == [1, 6, 6, 0, 0, 6, 1, 6, 6, 0, 6, 6]
    assert game.captured() == [6, 0]
    assert game.quan() == [True, True]
    assert game.turn == 1 and not game.over


def test_opening_1_minus_captures_the_west_quan_unless_quan_non():
    # 1-: 0,11,10,9,8; lift 7: 6,5,4,3,2; 1 is empty, so quan square 0 (1 dân + quan) is taken.
    game = Game()
    assert game.play(1, -1) == 11
    assert game.captured() == [1, 0] and game.quan_captured() == [1, 0]
    assert game.quan() == [False, True]
    assert game.board() == [0, 0, 6, 6, 6, 6, 1, 0, 6, 6, 6, 6]
    assert game.scores() == [11, 0]
    # quan non: the quan holds fewer than 5 dân, so reaching it ends the turn with no capture.
    young = Game(quan_non=True)
    assert young.play(1, -1) == 0
    assert young.board() == [1, 0, 6, 6, 6, 6, 1, 0, 6, 6, 6, 6]
    assert young.quan() == [True, True] and young.captured() == [0, 0]
    # quan value 5 changes the value, not the stones.
    five = Game(quan_value=5)
    assert five.play(1, -1) == 6


def test_chain_capture_over_empty_squares_takes_a_quan_in_the_middle():
    # 1+ drops its dân in 2; 3 empty -> take 4 (3); 5 empty -> take 6 (2 + quan);
    # 7 empty -> take 8 (4); 9 is not empty -> stop.
    game = setup([0, 1, 0, 0, 3, 0, 2, 0, 4, 2, 5, 5], [1, 1])
    assert game.play(1, 1) == 3 + 2 + 10 + 4
    assert game.board() == [0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 5, 5]
    assert game.captured() == [9, 0] and game.quan_captured() == [1, 0]
    assert game.quan() == [True, False]
    assert not game.over and game.turn == 1


def test_two_empty_squares_end_the_turn_without_capture():
    game = setup([0, 1, 0, 0, 0, 4, 0, 3, 3, 3, 3, 3], [1, 1])
    assert game.play(1, 1) == 0
    assert game.board() == [0, 0, 1, 0, 0, 4, 0, 3, 3, 3, 3, 3]
    assert game.turn == 1


def test_a_non_empty_quan_square_ends_the_turn():
    # 4+ drops its dân in 5; the next square is the east quan (piece, no dân): the turn ends.
    game = setup([0, 2, 0, 0, 1, 0, 0, 3, 3, 3, 3, 3], [1, 1])
    assert game.play(4, 1) == 0
    assert game.board() == [0, 2, 0, 0, 0, 1, 0, 3, 3, 3, 3, 3]
    # With dân but no piece the quan square still ends the turn (it is never lifted).
    game = setup([0, 2, 0, 0, 1, 0, 4, 3, 3, 3, 3, 3], [1, 0])
    assert game.play(4, 1) == 0
    assert game.board() == [0, 2, 0, 0, 0, 1, 4, 3, 3, 3, 3, 3]


def test_sowing_more_than_a_lap_feeds_the_starting_square_too():
    # 13 dân from square 1 going +: every square gets one (square 1 included), 2 gets a second,
    # and the next square 3 (1 + 1 = 2 dân) is lifted and sown into 4 and 5.
    game = setup([0, 13, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1])
    game.play(1, 1)
    # after the lap: [1,1,2,2,1,1,1,1,1,1,1,1]; lift 3: 4->2, 5->2; next 6 is a quan: stop.
    assert game.board() == [1, 1, 2, 0, 2, 2, 1, 1, 1, 1, 1, 1]


def test_empty_row_refills_from_captured_then_borrows_from_the_richest():
    # Player 0's move leaves player 1's row empty; player 1 has 3 captured dân, player 0 has 10.
    game = setup([0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0], [1, 0], captured=[10, 3])
    game.play(2, 1)
    assert game.turn == 1
    assert game.board()[7:12] == [1, 1, 1, 1, 1]
    assert game.captured() == [8, 0]
    assert game.debts() == [-2, 2]
    # A player with 5 or more captured dân pays the whole row alone.
    game = setup([0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0], [1, 0], captured=[10, 7])
    game.play(2, 1)
    assert game.captured() == [10, 2] and game.debts() == [0, 0]


def test_borrowing_with_three_players_takes_from_the_richest_one_at_a_time():
    # Player 1 must refill with 0 captured; players 2 and 0 hold 3 and 3: ties go to the one next
    # in turn order (2 first), then to whoever has more at that moment: 2, 0, 2, 0, 2.
    board = [0] * 18
    board[2] = 1
    board[6] = 4
    board[13] = 2
    game = setup(board, [1, 0, 0], players=3, captured=[3, 0, 3])
    game.play(2, 1)
    assert game.turn == 1
    assert game.board()[7:12] == [1, 1, 1, 1, 1]
    assert game.captured() == [1, 0, 0]
    assert game.debts() == [-2, 5, -3]


def test_short_refill_fills_from_the_first_square_and_an_unfillable_row_ends_the_game():
    game = setup([0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0], [1, 0], captured=[2, 0])
    game.play(2, 1)
    assert game.board()[7:12] == [1, 1, 0, 0, 0]
    assert game.debts() == [-2, 2] and not game.over
    # Nobody holds a captured dân: player 1's row stays empty and the game is over. What is left
    # in quan square 6k is counted for player k: 1 dân + the piece for player 0, 3 for player 1.
    game = setup([1, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0], [1, 0], captured=[0, 0])
    game.play(2, 1)
    assert game.over
    assert game.board() == [1, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0]
    assert game.scores() == [1 + 10 + 1, 3]


def test_the_game_ends_when_every_quan_square_is_empty_and_rows_go_to_their_owners():
    # Player 0 already holds the east quan. 9+ drops its dân in 10; 11 is empty, so the west quan
    # square (piece, no dân) is taken; square 1 is not empty, so the chain stops. No quan is left.
    game = setup([0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0], [1, 0], turn=1, captured=[20, 30])
    game.state[12 + 4 + 0] = 1
    assert game.play(9, 1) == 10
    assert game.over and game.turn == 1 and game.legal_moves() == []
    assert game.board() == [0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0]
    # captured + quan + own row: player 0: 20 + 10 + (2 + 3); player 1: 30 + 10 + 1.
    assert game.scores() == [35, 41]
    assert game.winners() == [1]


def stalled_position(plies):
    # Player 0 moves 1+: the dân drops in 2, then 3 and 4 are empty, so the turn ends with no
    # capture and the board keeps its 14 stones (12 dân and two quan pieces), its fewest so far.
    game = setup([5, 1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1], [1, 1], captured=[20, 18])
    stall(game, 14, plies)
    return game


def test_the_stall_rule_counts_a_game_whose_board_does_not_empty():
    limit = STALL_ROUNDS * 2
    game = stalled_position(limit - 2)
    assert game.stall_left() == 2
    assert game.play(1, 1) == 0
    assert not game.over and game.turn == 1 and game.stall_left() == 1
    game = stalled_position(limit - 1)
    assert game.play(1, 1) == 0
    assert game.over and game.stalled and game.legal_moves() == []
    # counted as at hết quan: each player takes their row and their quan square (dân and
    # piece): player 0: 20 + 1 (square 2) + 5 + 10; player 1: 18 + 1 (square 11) + 5 + 10
    assert game.scores() == [36, 34] and game.winners() == [0]


def test_a_capture_below_the_fewest_stones_restarts_the_stall_count_and_one_above_does_not():
    # player 1's 11-: the dân drops in 10; 9 is empty, so 8 (3 dân) is taken, and 7 holds dân,
    # so the chain stops: the board goes from 18 stones (16 dân, two pieces) to 15
    board = [5, 1, 0, 0, 0, 0, 5, 1, 3, 0, 0, 1]
    game = setup(board, [1, 1], turn=1, captured=[20, 14])
    stall(game, 16, 20)
    assert game.play(11, -1) == 3
    assert game.stall_left() == STALL_ROUNDS * 2 and not game.over
    # the same capture when the board once held 12 stones: 15 is no new low, the count goes on
    game = setup(board, [1, 1], turn=1, captured=[20, 14])
    stall(game, 12, 20)
    assert game.play(11, -1) == 3
    assert game.stall_left() == STALL_ROUNDS * 2 - 21


def test_move_notation():
    assert parse_move("3+") == (3, 1) and parse_move("11-") == (11, -1)
    assert format_move(9, -1) == "9-" and format_move(21, 1) == "21+"
    for bad in ("3", "+", "a+", "3*", "", "3 +"):
        try:
            parse_move(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)


def test_stones_are_conserved_after_every_move_in_random_games():
    rng = Rng(2024)
    for players, games in ((2, 120), (3, 30), (4, 20)):
        for quan_value in (10, 5):
            total = (25 + quan_value) * players
            for g in range(games):
                game = Game(players, quan_value, g % 2 == 1)
                while not game.over:
                    game.play(*rng.choice(game.legal_moves()))
                    on_board = sum(game.board()) + quan_value * sum(1 for q in game.quan() if q)
                    banked = sum(game.captured()) + quan_value * sum(game.quan_captured())
                    assert on_board + banked == total
                    assert sum(game.debts()) == 0
                assert sum(game.scores()) == total


def test_save_and_restore_through_to_dict():
    game = Game(3, 5, True)
    rng = Rng(9)
    for _ in range(10):
        game.play(*rng.choice(game.legal_moves()))
    again = Game.from_dict(game.to_dict())
    assert again.state == game.state and again.quan_non and again.players == 3
    # a save from before the stall rule (three bytes shorter) reads back with every move left
    old = game.to_dict()
    old["state"] = old["state"][:-3]
    again = Game.from_dict(old)
    assert again.state[:-3] == game.state[:-3] and again.stall_left() == STALL_ROUNDS * 3
    stones = sum(game.board()) + sum(1 for q in game.quan() if q)
    assert again.state[-3] == again.state[-1] == stones
    counted = game.to_dict()
    counted["state"][-2] = 0                # no move left, yet the game goes on
    miscounted = game.to_dict()
    miscounted["state"][-1] += 1            # a stone more on the board than the squares hold
    for bad in ({"players": 5, "quan_value": 10, "quan_non": False, "state": []},
                {"players": 2, "quan_value": 10, "quan_non": False, "state": [0, 1]},
                counted, miscounted):
        try:
            Game.from_dict(bad)
        except ValueError:
            continue
        raise AssertionError("accepted a bad snapshot")
