"""Per-device play (issue 25): one device hosts the game, every other player
joins with their own phone or tablet, paired by a QR code each way, and each
device shows only its own player's view.  No server: WebRTC data channels
between the devices (web/net.js).

Fetched when first used (ui/parts.py), not on the first visit:
`protocol` (the messages), `host` (the host's side, pure), `panel` (HTML),
`hosting` and `joining` (the host's and the guest's controllers), `net`
(the browser).  Its words join the frame's on import.
"""

import json
from pathlib import Path

from .. import i18n

for _lang, _words in json.loads((Path(__file__).resolve().parent / "words.json").read_text(encoding="utf-8")).items():
    i18n.FRAME[_lang].update(_words)
