"""Boot: pick the board, start the launcher. Kept tiny so boot leaves the heap to the games."""


def start(hw):
    """Run the gadget on hardware object `hw` (a board's or the simulator's) forever."""
    from tet.ui import boot

    boot(hw).run()  # a notice from loading the settings is shown over the launcher by the first step


if __name__ == "__main__":
    import board  # pyright: ignore[reportMissingImports]  # the build installs it as board.py

    start(board.create())
