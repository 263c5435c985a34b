"""One package per game (engine, computer player, screens), each listed in tet.registry."""
