"""Computer players, budgeted by counted work (nodes), never by wall-clock time."""
