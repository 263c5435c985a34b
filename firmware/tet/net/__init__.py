"""Playing together: one gadget per player over a radio (link: reliable frames; table: host and guests)."""
