"""Tổ Tôm: engine, computer player and screens (entry point: ui.start)."""
