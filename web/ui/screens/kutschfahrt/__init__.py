"""De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg: the coach table (see screen.py)."""

from .screen import Screen

__all__ = ["Screen"]
