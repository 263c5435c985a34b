"""The app loop: what a tick pushes is what the panel shows, and a long computation that pumps
the app keeps the screen moving and hears BACK."""

from fake_hw import hold, new_app, run

from tet.core import input as inp
from tet.core.input import LONG_MS
from tet.core.app import THINK_FRAME_MS, Screen


class Announcer(Screen):
    """Pushes a result screen from its tick, as a game does after the computer's last move."""

    title = "Ván"

    def tick(self, now):
        if self.app.screen is self:
            self.app.push(Result(self.app))
            return True
        return False

    def draw(self, g):
        g.text("Đang chơi", 0, 20)


class Result(Screen):
    title = "Kết quả"

    def draw(self, g):
        g.text("Bạn thắng!", 0, 20)


def test_a_screen_pushed_by_a_tick_is_the_one_shown():
    app = new_app("ttgo_tdisplay")
    app.push(Announcer(app))
    run(app, 30)
    assert app.screen.title == "Kết quả"
    assert app.hw.display.shown_text() == "Bạn thắng!"
    # the check the heap-bound tests use, compared in the record: a whole text of this frame,
    # not a part of one, nor one of the frame before
    display = app.hw.display
    assert display.has_text("Bạn thắng!")
    assert not display.has_text("Bạn thắng") and not display.has_text("Bạn thắng!!")
    assert not display.has_text("Đang chơi")


class Thinker(Screen):
    """A computer move as a long loop that calls app.pump() every `every` steps (the fake clock
    advances 1 ms a step, as the chip's would)."""

    title = "Máy nghĩ"

    def __init__(self, app, steps, every):
        Screen.__init__(self, app)
        self.steps, self.every = steps, every
        self.done = self.stopped_at = None
        self.frames = []

    def tick(self, now):
        if self.done is not None:
            return False
        for i in range(self.steps):
            self.app.hw.now += 1
            if i % self.every == 0 and self.app.pump():
                self.stopped_at = i
                break
        self.done = True
        return True

    def draw(self, g):
        self.frames.append(self.app.hw.now)
        g.text("Máy đang nghĩ…", 0, 20)


def test_pump_redraws_while_thinking_and_stops_on_back():
    app = new_app("ttgo_tdisplay")
    thinker = Thinker(app, 2000, 16)
    shows = app.hw.display.shows
    app.push(thinker)
    run(app, 20)
    # a frame every THINK_FRAME_MS of the 2 s computation, with its text on the panel
    assert len(thinker.frames) >= 2000 // THINK_FRAME_MS - 1
    assert app.hw.display.shows - shows >= 2000 // THINK_FRAME_MS - 1
    assert thinker.stopped_at is None
    assert app.hw.display.shown_text() == "Máy đang nghĩ…"

    again = Thinker(app, 100000, 16)
    app.push(again)
    heard = []
    again.handle = heard.append
    hold(app, "B")          # BACK (a long press, 450 ms) while the computer thinks
    # the computation stops within 100 ms of the press becoming BACK, and the loop then hands
    # BACK to the screen
    assert again.stopped_at is not None and again.stopped_at < LONG_MS + 100
    assert heard == [inp.BACK]


def opened_part(app):
    """App.open_part's target in the test below: notes what the app held when it was called."""
    import sys

    app.part_seen = ([s.title for s in app.stack], "tet.games.to_tom.engine" in sys.modules)


def test_a_next_part_opens_on_the_next_pass_after_the_launcher_forgot_the_game():
    from fake_hw import open_game

    app = new_app("ttgo_tdisplay")
    open_game(app, "totom")
    app.part_seen = None
    app.open_part("test_app_loop", "opened_part")
    assert app.part_seen is None                    # not at once: the game's code is running
    run(app, 10)
    # only the launcher left, and the game's modules forgotten, when the part was called
    assert app.part_seen == (["Tết vui chơi"], False), app.part_seen
    assert app.screen is app.stack[0]
