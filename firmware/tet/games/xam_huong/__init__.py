"""Xăm Hường: engine, computer player and screens (entry point: ui.start)."""
