"""Ô Ăn Quan at a shared table (tet.net.table's adapter): the whole board is public, so the
public state is the last move (so a guest can show its sowing) and the engine's state bytes, and
an intent is a move (square, direction)."""

from tet.games.o_an_quan.engine import Game, state_from_list


def intent(square, step):
    """The intent bytes of a move: the square, then 1 (clockwise) or 0 (counter-clockwise)."""
    return bytes((square, 1 if step == 1 else 0))


NO_MOVE = b"\xff\xff"


def position(public):
    """The engine's state bytes of a public state."""
    return public[2:]


def last_move(public):
    """(square, step) of the move that led to a public state, or None at the start."""
    return None if public[:2] == NO_MOVE else move_of(public[:2])


def move_of(intent_bytes):
    """(square, step) of intent bytes; ValueError when they are no move."""
    if len(intent_bytes) != 2 or intent_bytes[1] > 1:
        raise ValueError("not a move")
    return intent_bytes[0], 1 if intent_bytes[1] else -1


class Adapter:
    """The host's game behind the table protocol; `play(square, step)` makes a move accepted
    from the table (the host's board screen passes its own, which also shows and saves it)."""

    def __init__(self, game, play=None):
        self.game = game
        self.players = game.players
        self.play = play or game.play
        self.last = NO_MOVE

    def table_save(self, host):
        """The host's save of the table `host` (tet.net.table.Host) and its game."""
        return {"game": self.game.to_dict(), "table": host.to_dict()}

    def options(self):
        """What a guest needs to build its view: players, quan value, quan non."""
        return bytes((self.game.players, self.game.quan_value, 1 if self.game.quan_non else 0))

    def public(self):
        """The last move and the whole position (nothing is hidden in Ô Ăn Quan)."""
        return self.last + bytes(self.game.state)

    def to_move(self):
        """The seat whose turn it is."""
        return self.game.turn

    def over(self):
        """True once the game has ended."""
        return self.game.over

    def accepts(self, seat, intent_bytes):
        """True when the intent is a move the engine allows `seat` now."""
        try:
            square, step = move_of(intent_bytes)
        except ValueError:
            return False
        return seat == self.game.turn and self.game.is_legal(square, step)

    def apply(self, seat, intent_bytes):
        """Play an accepted move."""
        self.last = bytes(intent_bytes)
        self.play(*move_of(intent_bytes))


def view(options, public):
    """A guest's Game built from the host's options and public state; ValueError when they are
    no position of a real game (a guest never trusts the air blindly)."""
    if len(options) != 3 or len(public) < 2:
        raise ValueError("bad options")
    game = Game(options[0], options[1], bool(options[2]))
    game.state[:] = state_from_list(list(position(public)), options[0])
    return game
