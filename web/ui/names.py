"""Players' names: cleaned where they come in, isolated where they are shown.

A name is whatever a player typed, or whatever an imported save says.  Where
it comes in (the lobby's start, every save read: ui/savemeta.py) it is
cleaned once: invisible characters (format characters such as a zero-width
space, any kind of space, control characters) are trimmed from both ends,
characters that turn the direction of the text around them (bidi controls)
are dropped wherever they are, line breaks become spaces, and the name is
cut to `MAX_NAME` characters.  A name with nothing left is the seat's
default name.

Where it is shown it is isolated (`isolate`: Unicode's first-strong isolate
around it, as `<bdi>` does in HTML), so a right-to-left name never turns the
sentence around it ("Anna is next to play" stays in its order), in text and
in attributes alike.  The table's one way to a seat's name (TableContext.name,
and the words' `{seat:player}`) isolates it, so no screen can forget it.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 20  # characters, in the lobby and in every save

# marks that set the direction of the text that follows (ALM, LRM, RLM, LRE..RLO, LRI..PDI)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
FSI, PDI = "\u2068", "\u2069"


def _invisible(ch: str) -> bool:
    """A character that shows nothing at a name's end: a space of any kind
    (NBSP, ideographic ...), a format character (zero-width space, joiners,
    BOM ...) or a control character."""
    return ch.isspace() or unicodedata.category(ch) in ("Cf", "Cc", "Zs", "Zl", "Zp")


def clean(text, default: str = "") -> str:
    """`text` as a name: trimmed, without bidi controls, at most MAX_NAME
    characters; `default` if nothing is left."""
    if not isinstance(text, str):
        return default
    kept = []
    for ch in text:
        if ch in BIDI_CONTROLS:
            continue
        kept.append(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch)
    chars = "".join(kept)
    start, end = 0, len(chars)
    while start < end and _invisible(chars[start]):
        start += 1
    while end > start and _invisible(chars[end - 1]):
        end -= 1
    name = chars[start:end][:MAX_NAME]
    while name and _invisible(name[-1]):  # the cut may leave a space at the end
        name = name[:-1]
    return name or default


def isolate(name: str) -> str:
    """The name shown apart from the text around it (first-strong isolate)."""
    return f"{FSI}{name}{PDI}"
