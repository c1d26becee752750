"""Carcassonne – Het Rad van Fortuin: the board screen (see screen.py)."""

from .screen import Screen

__all__ = ["Screen"]
