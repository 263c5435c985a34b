"""The `tet` command: the firmware's game engines on the desktop."""
