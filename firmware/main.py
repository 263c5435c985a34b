"""Boot: pick the board, start the launcher. Kept tiny so boot leaves the heap to the games."""

from tet.core.app import App


def start(hw):
    """Run the gadget on hardware object `hw` (a board's or the simulator's) forever."""
    from tet.ui.launcher import Launcher
    from tet.ui.widgets import Message

    app = App(hw)
    app.push(Launcher(app))
    if app.notice:
        app.push(Message(app, "Thông báo", app.notice))
    app.run()


if __name__ == "__main__":
    import board  # pyright: ignore[reportMissingImports]  # the build installs it as board.py

    start(board.create())
