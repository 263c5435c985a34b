"""Screens: one module per game plus shared widgets; they only call engines and the core."""
