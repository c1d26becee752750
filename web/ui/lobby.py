"""The lobby: pick a game, seats, players (human or bot), options, language;
and the list of saved games.  Pure functions from a small model to HTML."""

from __future__ import annotations

import json
import time
from html import escape as esc

import engine
from engine import bots

from . import pace as paces
from .i18n import LANG_NAMES, LANGS, Words
from .names import MAX_NAME, isolate


def default_model(game_id: str | None, words: Words | None = None) -> dict | None:
    """A fresh new-game form for `game_id` (None when there is no game)."""
    if game_id not in engine.GAMES:
        return None
    spec = engine.GAMES[game_id]
    seats = max(spec.min_seats, min(spec.max_seats, 4 if spec.max_seats >= 4 else spec.max_seats))
    model = {"game": game_id, "seats": seats, "players": [], "options": {}, "hints": True}
    fit_players(model, words)
    return model


def fit_players(model: dict, words: Words | None = None) -> None:
    """Keep the player list as long as the seat count; new seats are bots."""
    players = model["players"]
    while len(players) < model["seats"]:
        n = len(players) + 1
        if not players:
            name = words.t("lobby.default_name", n=n) if words else f"Player {n}"
            players.append({"name": name, "kind": "human", "level": None})
        else:
            name = words.t("lobby.bot_name", n=n) if words else f"Bot {n}"
            players.append({"name": name, "kind": "bot", "level": bots.default_level(model["game"])})
    del players[model["seats"]:]
    levels = bots.LEVELS[model["game"]]
    for p in players:
        if p["kind"] == "bot" and p.get("level") not in levels:
            p["level"] = bots.default_level(model["game"])


def resolved_options(model: dict) -> dict:
    spec = engine.GAMES[model["game"]]
    try:
        return spec.resolve_options(model.get("options"), model["seats"])
    except ValueError:
        model["options"] = {}
        return spec.resolve_options({}, model["seats"])


def render_lobby(model: dict | None, saves: list[dict], words: Words, message: str = "",
                 games: list[str] | None = None, offer: str | None = None,
                 pace: str = paces.DEFAULT, rejoin: str | None = None, sizes: bool = False) -> str:
    """The whole lobby.  `games`: the games this table can show (default all);
    `offer`: a saved game whose replay is offered (just imported, finished);
    `pace`: the bots' pace (a preference of the device, not of the game);
    `rejoin`: the name this device last played as on another's table;
    `sizes`: each saved game says its size (the storage is full)."""
    games = list(engine.GAMES) if games is None else games
    out = [render_header(words)]
    if message:
        out.append(f'<p class="notice" role="alert">{esc(message)}</p>')
    out.append(f'<div class="lobby">{render_join(words, rejoin)}')
    if model is not None and model["game"] in games:
        out.append(render_new_game(model, games, words, pace))
    out.append(render_saves(saves, words, offer=offer, sizes=sizes))
    out.append("</div>")
    return "".join(out)


def render_join(words: Words, rejoin: str | None = None) -> str:
    """Joining a game another device hosts (ui/devices/): a link to #join, so
    a tap before Python is ready opens the join screen once it is."""
    label = words.t("join.rejoin_as", name=rejoin) if rejoin else words.t("join.open")
    return (f'<section class="join-bar"><p>{esc(words.t("join.lobby"))}</p>'
            f'<a class="button" id="join-open" href="#join" data-cmd="join">{esc(label)}</a></section>')


def render_header(words: Words) -> str:
    out = [f'<header class="topbar"><h1>{esc(words.t("app.title"))}</h1>'
           f'<p class="tagline">{esc(words.t("app.tagline"))}</p>'
           f'<label class="lang">{esc(words.t("lobby.language"))} '
           f'<select id="lang" data-cmd="lang" aria-label="{esc(words.t("lobby.language"))}">']
    for code in LANGS:
        sel = " selected" if code == words.lang else ""
        out.append(f'<option value="{code}"{sel}>{LANG_NAMES[code]}</option>')
    out.append("</select></label></header>")
    return "".join(out)


def render_new_game(model: dict, games: list[str], words: Words, pace: str = paces.DEFAULT) -> str:
    out = ['<section class="newgame" aria-labelledby="newgame-h">']
    out.append(f'<h2 id="newgame-h">{esc(words.t("lobby.heading"))}</h2>')
    # the games
    out.append(f'<fieldset class="games"><legend>{esc(words.t("lobby.game"))}</legend>')
    for game_id in games:
        pressed = "true" if game_id == model["game"] else "false"
        out.append(
            f'<button type="button" id="game-{esc(game_id)}" class="game-card" data-cmd="lobby-game" '
            f'data-arg="{esc(game_id)}" aria-pressed="{pressed}">{game_card_text(game_id, words)}</button>')
    out.append("</fieldset>")
    out.append(render_game_form(model, words, pace=pace))
    out.append(f'<button type="button" id="start" class="primary" data-cmd="lobby-start">'
               f'{esc(words.t("lobby.start"))}</button></section>')
    return "".join(out)


def game_card_text(game_id: str, words: Words) -> str:
    g = engine.GAMES[game_id]
    return (f'<span class="game-name">{esc(g.names.get(words.lang, g.names.get("en", game_id)))}</span>'
            f'<span class="game-seats">{esc(words.t("lobby.players_range", min=g.min_seats, max=g.max_seats))}</span>')


def _control(static: bool, ident: str, cmd: str, arg: str | None = None) -> str:
    """A control's attributes: in the live lobby its id and command; in the
    prerendered one (ui/prerender.py) a form name, read back when Python
    takes over."""
    if static:
        return f'name="{esc(ident)}"'
    data_arg = f' data-arg="{esc(arg)}"' if arg is not None else ""
    return f'id="{esc(ident)}" data-cmd="{cmd}"{data_arg}'


def render_game_form(model: dict, words: Words, static: bool = False, pace: str = paces.DEFAULT) -> str:
    """The chosen game's part of the form: its note, seats and players, options,
    the table's own settings (`pace`: the bots' pace, ui/pace.py).
    `static` (the prerendered lobby): a row for every player in the model and
    every option, shown or hidden by CSS as the form is set."""
    spec = engine.GAMES[model["game"]]
    lang = words.lang
    out = []
    note = spec.notes.get(lang)
    if note:
        out.append(f'<p class="game-note">{esc(note)}</p>')
    # seats and players
    out.append(f'<fieldset class="players"><legend>{esc(words.t("lobby.players"))}</legend>')
    out.append(f'<label>{esc(words.t("lobby.seats"))} <select {_control(static, "seats", "lobby-seats")}>')
    for n in range(spec.min_seats, spec.max_seats + 1):
        sel = " selected" if n == model["seats"] else ""
        out.append(f'<option value="{n}"{sel}>{n}</option>')
    out.append('</select></label><ol class="seat-list">')
    levels = bots.LEVELS[model["game"]]
    for i, p in enumerate(model["players"]):
        kind = f"bot:{p['level']}" if p["kind"] == "bot" else p["kind"]
        out.append(f'<li class="seat-row"><span class="seat-no">{esc(words.t("lobby.seat", n=i + 1))}</span>'
                   f'<input {_control(static, f"name-{i}", "lobby-name", str(i))} type="text" maxlength="{MAX_NAME}" '
                   f'value="{esc(p["name"])}" aria-label="{esc(words.t("lobby.name"))} {i + 1}">'
                   f'<select {_control(static, f"kind-{i}", "lobby-kind", str(i))} '
                   f'aria-label="{esc(words.t("lobby.kind"))} {i + 1}">')
        choices = [("human", words.t("lobby.human")), ("remote", words.t("lobby.remote"))] + [
            (f"bot:{lv}", words.t("lobby.bot", level=words.level(lv, model["game"]))) for lv in levels]
        for value, label in choices:
            sel = " selected" if value == kind else ""
            out.append(f'<option value="{esc(value)}"{sel}>{esc(label)}</option>')
        out.append("</select></li>")
    out.append('</ol><ul class="level-help">')
    out += [f'<li>{esc(words.level_help(lv, model["game"]))}</li>' for lv in levels]
    out.append(f'<li>{esc(words.t("lobby.remote_help"))}</li></ul></fieldset>')
    # options
    out.append(f'<fieldset class="options"><legend>{esc(words.t("lobby.options"))}</legend>')
    options = resolved_options(model)
    shown = spec.options if static else [o for o in spec.options if o.applies(model["seats"], options)]
    if not shown or static:
        out.append(f'<p class="no-options">{esc(words.t("lobby.no_options"))}</p>')
    for opt in shown:
        out.append(render_option(opt, options[opt.id], lang, words, static))
    out.append("</fieldset>")
    # the table's own settings (not the game's rules): kept with the game
    checked = " checked" if model.get("hints", True) else ""
    out.append(f'<fieldset class="table-options"><legend>{esc(words.t("lobby.table"))}</legend>'
               f'<div class="option"><label><input type="checkbox" {_control(static, "hints", "lobby-hints")}{checked}> '
               f'{esc(words.t("lobby.hints"))}</label><span class="help">{esc(words.t("lobby.hints_help"))}</span>'
               f'</div>{render_pace(words, static, pace)}</fieldset>')
    return "".join(out)


def render_pace(words: Words, static: bool, chosen: str) -> str:
    """How fast the bots play (kept on this device for every game, changeable at the table too)."""
    choices = "".join(f'<option value="{p}"{" selected" if p == chosen else ""}>{esc(words.t("pace." + p))}</option>'
                      for p in paces.PACES)
    return (f'<div class="option"><label>{esc(words.t("pace.lobby"))} <select {_control(static, "pace", "pace")}>'
            f'{choices}</select></label><span class="help">{esc(words.t("pace.help"))}</span></div>')


def _label(names: dict, lang: str, fallback: str) -> str:
    return names.get(lang) or names.get("en") or fallback


def render_option(opt, value, lang: str, words: Words, static: bool = False) -> str:
    label = esc(_label(opt.names, lang, opt.id))
    help_text = opt.help.get(lang) or opt.help.get("en")
    tip = f'<span class="help">{esc(help_text)}</span>' if help_text else ""
    oid = f"opt-{opt.id}"
    attrs = _control(static, oid, "lobby-opt", opt.id)
    which = f'data-option="{esc(opt.id)}"'
    if opt.kind == "bool":
        checked = " checked" if value else ""
        return (f'<div class="option" {which}><label><input type="checkbox" {attrs}{checked}> {label}</label>'
                f'{tip}</div>')
    if opt.kind == "subset":
        items = []
        for v in opt.values:
            vname = _label(opt.value_names.get(v, {}), lang, str(v))
            checked = " checked" if v in value else ""
            control = (f'name="sub-{esc(opt.id)}" value="{esc(json.dumps(v))}"' if static
                       else f'data-cmd="lobby-sub" data-arg="{esc(opt.id)}|{esc(json.dumps(v))}"')
            items.append(f'<label class="subset-item"><input type="checkbox" {control}{checked}> {esc(vname)}</label>')
        hint = f'<span class="help">{esc(words.t("lobby.subset_min", n=opt.min_size))}</span>' if opt.min_size else ""
        fieldset_id = "" if static else f' id="{esc(oid)}"'
        return (f'<fieldset class="option subset"{fieldset_id} {which}><legend>{label}</legend>'
                f'{"".join(items)}{hint}{tip}</fieldset>')
    choices = []
    for v in opt.values:
        vname = _label(opt.value_names.get(v, opt.value_names.get(str(v), {})), lang, str(v))
        sel = " selected" if v == value else ""
        choices.append(f'<option value="{esc(json.dumps(v))}"{sel}>{esc(vname)}</option>')
    # a value's own note: the live lobby shows the chosen one; the prerendered one
    # carries them all, shown by CSS only while their value is chosen (ui/prerender.py)
    for v, texts in opt.value_help.items():
        if static or v == value:
            tip += (f'<span class="help value-help" data-value="{esc(json.dumps(v))}">'
                    f'{esc(_label(texts, lang, ""))}</span>')
    return (f'<div class="option" {which}><label>{label} <select {attrs}>{"".join(choices)}</select></label>'
            f'{tip}</div>')


def ago(words: Words, then_ms: float, now_ms: float | None = None) -> str:
    now_ms = now_ms if now_ms is not None else time.time() * 1000
    minutes = max(0, int((now_ms - (then_ms or 0)) / 60000))
    if minutes < 1:
        return words.t("time.just_now")
    if minutes < 60:
        return words.t("time.minutes", n=minutes)
    if minutes < 48 * 60:
        return words.t("time.hours", n=minutes // 60)
    return words.t("time.days", n=minutes // (24 * 60))


def render_saves(saves: list[dict], words: Words, now_ms: float | None = None, offer: str | None = None,
                 sizes: bool = False) -> str:
    """The saved games; a finished one may be replayed (`offer`: that one's
    replay is offered first, e.g. right after importing it); `sizes`: each
    says how much of the storage it takes, so the player knows what to delete."""
    out = [f'<section class="saves" aria-labelledby="saves-h"><h2 id="saves-h">{esc(words.t("saves.heading"))}</h2>']
    if not saves:
        out.append(f'<p class="empty">{esc(words.t("saves.none"))}</p>')
    out.append('<ul class="save-list">')
    for row in saves:
        sid = esc(row["id"])
        if row["damaged"]:
            title = words.t("saves.set_aside" if row.get("set_aside") else "saves.damaged")
            why = words.t("saves.damaged_why", why=words.why(row.get("error")))
            out.append(f'<li class="save damaged" data-save="{sid}"><div class="save-title">{esc(title)}</div>'
                       f'<div class="save-info"><span class="save-why">{esc(why)}</span> '
                       f'{esc(words.t("saves.damaged_hint"))}</div>')
        else:
            spec = engine.GAMES[row["game"]]
            progress = words.t("saves.over") if row["over"] else words.t("saves.moves", n=row["moves"])
            offered = " offered" if row["over"] and row["id"] == offer else ""
            where = [words.size(row["size"])] if sizes and row.get("size") else []
            where += [words.t("saves.journal_" + row["journal"])] if row.get("journal") else []
            where = "".join(f' · <span class="save-where">{esc(w)}</span>' for w in where)
            out.append(f'<li class="save{offered}" data-save="{sid}"><div class="save-title">'
                       f'{esc(spec.names.get(words.lang, row["game"]))}</div>'
                       f'<div class="save-info">{esc(", ".join(isolate(n) for n in row["names"]))} · {esc(progress)} · '
                       f'{esc(words.t("saves.last", when=ago(words, row["updated"], now_ms)))}{where}</div>')
            verb = "saves.view" if row["over"] else "saves.resume"
            out.append(f'<button type="button" data-cmd="save-resume" data-arg="{sid}">{esc(words.t(verb))}</button>')
            if row["over"]:  # once over nothing is secret: every move may be seen again
                cls = ' class="primary"' if offered else ""
                out.append(f'<button type="button"{cls} id="replay-{sid}" data-cmd="save-replay" '
                           f'data-arg="{sid}">{esc(words.t("saves.replay"))}</button>')
        out.append(f'<button type="button" data-cmd="save-export" data-arg="{sid}">{esc(words.t("saves.export"))}</button>'
                   f'<button type="button" class="danger" data-cmd="save-delete" data-arg="{sid}">'
                   f'{esc(words.t("saves.delete"))}</button></li>')
    out.append("</ul>")
    out.append(f'<label class="import button"><input type="file" id="import" accept=".json,application/json" '
               f'data-cmd="save-import"> {esc(words.t("saves.import"))}</label></section>')
    return "".join(out)
