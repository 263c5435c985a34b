# pyright: reportUndefinedVariable=false
# (include is provided by MicroPython's manifest tool, not Python.)
# Nothing of ours is frozen: the firmware comes in the ROMFS image (make romfs), the board's
# board.py and drivers as files (make deploy). The port's own frozen modules stay.
include("$(PORT_DIR)/boards/manifest.py")
