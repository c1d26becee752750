"""Thurn und Taxis: the map screen (see screen.py)."""

from .screen import Screen

__all__ = ["Screen"]
