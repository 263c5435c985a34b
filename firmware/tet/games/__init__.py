"""One package per game (engine, computer player, screens) and the registry that lists them."""
