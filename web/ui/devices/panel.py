"""What per-device play draws, as pure functions to HTML: the host's devices
panel (codes, statuses, who plays each seat), the guest's join screen, and
the bar over a guest's table.  Built with the UI kit, so every word and name
is escaped once."""

from __future__ import annotations

from ..kit import Html, badge, button, h, join, tag
from ..names import isolate
from .host import AWAY, HERE, PAIRING, WAITING

HELP = ("help.wifi", "help.isolation", "help.camera", "help.http", "help.away")


def help_box(t) -> Html:
    """The common failures and what to do, folded."""
    items = join([tag("li", t(key)) for key in HELP])
    return h('<details class="dev-help"><summary>{}</summary><ul>{}</ul></details>', t("help.heading"), items)


def code_box(t, qr: str, code: str, alt: str, box_id: str) -> Html:
    """A code as a QR image and as text to copy."""
    return h('<figure class="qr-box"><img class="qr" src="{}" alt="{}" width="300" height="300"></figure>'
             '<details class="code-text"><summary>{}</summary><textarea id="{}" readonly rows="3" '
             'spellcheck="false">{}</textarea>{}</details>',
             qr, alt, t("dev.as_text"), box_id, code,
             button(t("dev.copy"), cmd="dev-copy", arg=box_id, id=f"{box_id}-copy"))


STATUS_WORD = {WAITING: "dev.waiting", PAIRING: "dev.pairing", HERE: "dev.here", AWAY: "dev.away"}


def kind_select(t, seat: int, player: dict, levels: list[str], level_word) -> Html:
    """Who plays the seat: its own device, this tablet, or a bot."""
    current = f"bot:{player.get('level')}" if player["kind"] == "bot" else player["kind"]
    choices = [("remote", t("dev.remote_seat")), ("human", t("dev.here_seat"))]
    choices += [(f"bot:{lv}", level_word(lv)) for lv in levels]
    options = join([h('<option value="{}"{}>{}</option>', value, Html(" selected") if value == current else "", label)
                    for value, label in choices])
    return h('<select id="dev-kind-{}" data-cmd="dev-kind" data-arg="{}" aria-label="{}">{}</select>',
             seat, seat, t("dev.kind_of", name=isolate(player["name"])), options)


def host_panel(t, players: list, statuses: list, levels: list[str], level_word, shown: dict | None,
               note: str = "", error: str = "") -> Html:
    """The host's devices panel.  `statuses`: per seat WAITING/PAIRING/HERE/AWAY
    or None (not on a device of its own); `shown`: the code on the screen
    ({"seat", "code", "qr"}) or None."""
    rows = []
    for seat, player in enumerate(players):
        status = statuses[seat]
        state = h('<span class="dev-status dev-{}">{}</span>', status, t(STATUS_WORD[status])) if status else ""
        pair = ""
        if status is not None:  # a connected device too may need a new code (another phone)
            label = t("dev.pair") if status == WAITING else t("dev.repair")
            pair = button(label, cmd="dev-pair", arg=seat, id=f"dev-pair-{seat}",
                          cls="primary" if status == WAITING else None)
        rows.append(h('<li class="dev-seat" data-seat="{}"><div class="dev-line">{}{}</div>'
                      '<div class="dev-actions">{}{}</div></li>', seat, badge(seat, player["name"]), state,
                      kind_select(t, seat, player, levels, level_word), pair))
    code = ""
    if shown is not None:
        name = isolate(players[shown["seat"]]["name"])  # in a sentence of its own words (ui/names.py)
        code = h('<section class="dev-code" aria-labelledby="dev-code-h"><h3 id="dev-code-h">{}</h3>'
                 '<p>{}</p>{}<p>{}</p><div class="dev-answer">{}<label>{}<textarea id="dev-answer" rows="2" '
                 'spellcheck="false" data-cmd="dev-answer-text"></textarea></label>{}</div></section>',
                 t("dev.code_for", name=name), t("dev.step1", name=name),
                 code_box(t, shown["qr"], shown["code"], t("dev.code_for", name=name), "dev-offer"),
                 t("dev.step2", name=name),
                 button(t("dev.scan_answer"), cmd="dev-scan", id="dev-scan"), t("dev.paste_answer"),
                 button(t("dev.connect"), cmd="dev-connect", id="dev-connect", cls="primary"))
    said = h('<p class="dev-note" role="status">{}</p>', note) if note else ""
    failed = h('<p class="notice" role="alert">{}</p>', error) if error else ""
    return h('<div class="modal dev-modal"><section class="devices" role="dialog" aria-labelledby="devices-h">'
             '<h2 id="devices-h">{}</h2><p class="dev-intro">{}</p>{}{}<ul class="dev-seats">{}</ul>{}{}'
             '<div class="dev-buttons">{}</div></section></div>',
             t("dev.heading"), t("dev.intro"), failed, said, join(rows), code, help_box(t),
             button(t("dev.close"), cmd="dev-close", id="dev-close"))


def devices_button(t, statuses: list) -> Html:
    """The top bar's "Devices": how many remote devices are here, marked when one is away."""
    remote = [s for s in statuses if s is not None]
    here = sum(1 for s in remote if s == HERE)
    away = any(s == AWAY for s in remote)
    return button(join([t("dev.button"), Html(f' <span class="dev-count">{here}/{len(remote)}</span>')]),
                  cmd="dev-open", id="dev-open", cls="dev-alert" if away or here < len(remote) else None)


MARK = {HERE: "dev.mark_here", AWAY: "dev.mark_away", WAITING: "dev.mark_waiting", PAIRING: "dev.mark_waiting"}


def mark(t, status: str | None) -> Html:
    """A line under a player's name: where their device is."""
    if status is None:
        return Html("")
    return h('<span class="dev-mark dev-{}">{}</span>', status, t(MARK[status]))


def join_screen(t, header: str, phase: str, *, secure: bool, rejoin: str | None, typed: str,
                answer: dict | None, error: str, notice: str) -> Html:
    """The guest's join screen: scan or paste the host's code, then show the
    answer code until the host reads it."""
    parts = []
    if rejoin:
        parts.append(h('<p class="join-rejoin">{}</p>', t("join.rejoin", name=isolate(rejoin))))
    if notice:
        parts.append(h('<p class="notice" role="status">{}</p>', notice))
    if error:
        parts.append(h('<p class="notice" role="alert">{}</p>', error))
    if phase == "join":
        parts.append(h('<p>{}</p>', t("join.intro")))
        parts.append(button(t("join.scan"), cmd="join-scan", id="join-scan", cls="primary") if secure
                     else h('<p class="join-http">{}</p>', t("join.no_camera_http")))
        parts.append(h('<label class="join-paste">{}<textarea id="join-code" rows="3" spellcheck="false" '
                       'autocomplete="off" data-cmd="join-code">{}</textarea></label>{}',
                       t("join.paste"), typed, button(t("join.go"), cmd="join-go", id="join-go")))
    elif answer is not None:
        parts.append(h('<h3>{}</h3><p>{}</p>{}<p class="join-wait" role="status">{}</p>',
                       t("join.answer_head"), t("join.answer_intro"),
                       code_box(t, answer["qr"], answer["code"], t("join.answer_head"), "join-answer"),
                       t("join.connected" if phase == "connected" else "join.waiting")))
    else:
        parts.append(h('<p class="join-wait" role="status">{}</p>', t("dev.making")))
    return h('{}<main class="join"><section class="join-card" aria-labelledby="join-h"><h2 id="join-h">{}</h2>'
             '{}{}<div class="join-buttons">{}</div></section></main>',
             Html(header), t("join.heading"), join(parts), help_box(t),
             button(t("join.back"), cmd="join-back", id="join-back"))


def guest_bar(t, host_away: bool) -> Html:
    """Over a guest's table while its host does not answer."""
    if not host_away:
        return Html("")
    return h('<section class="window-bar guest-bar" role="alert"><p>{}</p>{}</section>',
             t("guest.host_away"), button(t("guest.scan_again"), cmd="join-again", id="join-again"))
