"""The Tết gadget firmware: games, computer players, screens and the device core."""
