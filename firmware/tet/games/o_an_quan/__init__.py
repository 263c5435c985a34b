"""Ô Ăn Quan: engine, computer player and screens (entry point: ui.start)."""
