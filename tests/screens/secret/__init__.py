"""Little Secret's screen, a package like every real game's."""

from .screen import Screen

__all__ = ["Screen"]
