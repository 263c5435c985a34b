"""Boot: pick the board, start the launcher. Kept tiny so boot leaves the heap to the games."""

from tet.core.app import App


def start(hw):
    """Run the gadget on hardware object `hw` (a board's or the simulator's) forever."""
    from tet.ui.launcher import Launcher

    app = App(hw)
    app.push(Launcher(app))
    app.run()  # a notice from loading the settings is shown over the launcher by the first step


if __name__ == "__main__":
    import board  # pyright: ignore[reportMissingImports]  # the build installs it as board.py

    start(board.create())
