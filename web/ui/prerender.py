"""The lobby before Python runs (issue 16).

`make dist` renders it here, in CPython, with the lobby's own code, into
index.html: one <template> per language, of which boot.js shows one at first
paint.  Every game's form is in it at once.  Which game's form shows, how many
seat rows, and which options apply all follow from the form's own controls
through CSS alone (`:has()`): the rules are generated below from the games'
option data (Option.seats, Option.requires), the same data that
GameSpec.resolve_options reads, so no game logic lives in JavaScript.

Plain form controls keep what the player sets.  When Python is ready,
app.py reads them back (`model_from_form`) and the live lobby takes over
with the same choices; a "Start" pressed meanwhile starts the game then.
"""

from __future__ import annotations

import json
from html import escape as esc

import engine

from . import lobby, startup
from .i18n import LANGS, Words

ROOT_ID = "prelobby"


# ------------------------------------------------------------------- HTML
def templates(games: list[str]) -> str:
    """The <template>s index.html carries: the lobby and the resume line, per language."""
    out = []
    for lang in LANGS:
        words = Words(lang)
        out.append(f'<template id="pre-{lang}">{lobby_html(games, words)}</template>')
        out.append(f'<template id="pre-resume-{lang}">{resume_html(games, words)}</template>')
    return "\n".join(out)


def game_form_model(game_id: str, words: Words) -> dict:
    """The new-game form as Python would first show it, with a row for every
    seat the game can have (the rows past the chosen count are hidden)."""
    model = lobby.default_model(game_id, words)
    full = dict(model, seats=engine.GAMES[game_id].max_seats, players=list(model["players"]))
    lobby.fit_players(full, words)
    return dict(model, players=full["players"])


def lobby_html(games: list[str], words: Words) -> str:
    out = [lobby.render_header(words), f'<div class="lobby" id="{ROOT_ID}">{lobby.render_join(words)}']
    out.append('<section class="newgame" aria-labelledby="newgame-h">')
    out.append(f'<h2 id="newgame-h">{esc(words.t("lobby.heading"))}</h2>')
    out.append(f'<fieldset class="games"><legend>{esc(words.t("lobby.game"))}</legend>')
    for game_id in games:
        checked = " checked" if game_id == games[0] else ""
        out.append(f'<label id="game-{esc(game_id)}" class="game-card" data-arg="{esc(game_id)}">'
                   f'<input type="radio" name="game" value="{esc(game_id)}"{checked}>'
                   f'{lobby.game_card_text(game_id, words)}</label>')
    out.append("</fieldset>")
    for game_id in games:
        out.append(f'<div class="pre-game" data-game="{esc(game_id)}">'
                   f'{lobby.render_game_form(game_form_model(game_id, words), words, static=True)}</div>')
    out.append(f'<button type="button" id="start" class="primary" data-prestart '
               f'data-queued="{esc(words.t("loading.start_queued"))}">{esc(words.t("lobby.start"))}</button>')
    out.append("</section>")
    out.append(f'<section class="saves" aria-labelledby="saves-h"><h2 id="saves-h">{esc(words.t("saves.heading"))}'
               f'</h2><p class="empty" aria-busy="true">{esc(words.t("loading.saves"))}</p></section>')
    out.append("</div>")
    return "".join(out)


def resume_html(games: list[str], words: Words) -> str:
    """The game being resumed: boot.js shows its name (one of these) and its
    players from the save while Python loads."""
    names = "".join(f'<span data-game="{esc(g)}" hidden>'
                    f'{esc(engine.GAMES[g].names.get(words.lang, g))}</span>' for g in games)
    return (f'<section class="resume" aria-live="polite"><h2>{names}</h2><p class="resume-players"></p>'
            f'<p class="resume-line">{esc(words.t("loading.resuming"))}</p></section>')


# -------------------------------------------------------------------- CSS
# A condition on a game's form is a formula over `:has(...)` tests of its
# controls: True / False, ("has", selector), ("not", f), ("and", [f]), ("or", [f]).
def _not(f):
    return (not f) if isinstance(f, bool) else f[1] if f[0] == "not" else ("not", f)


def _and(*fs):
    if False in fs:
        return False
    fs = [f for f in fs if f is not True]
    return True if not fs else fs[0] if len(fs) == 1 else ("and", fs)


def _or(*fs):
    if True in fs:
        return True
    fs = [f for f in fs if f is not False]
    return False if not fs else fs[0] if len(fs) == 1 else ("or", fs)


def _selector(f) -> str:
    """The formula as pseudo-classes to put on the form's element."""
    kind = f[0]
    if kind == "has":
        return f":has({f[1]})"
    if kind == "not":
        return f":not({_selector(f[1])})"
    if kind == "and":
        return "".join(_selector(g) for g in f[1])
    return f":is({', '.join(_selector(g) for g in f[1])})"


def _str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _choice_in(control: str, values) -> object:
    if not values:
        return False
    tests = ", ".join(f"[value={_str(v)}]" for v in values)
    return ("has", f"[name={_str(control)}] option:checked:is({tests})")


def _value_in(opt, allowed) -> object:
    """The form sets `opt` to one of `allowed`."""
    if opt.kind == "bool":
        wanted = {v for v in (True, False) if v in allowed}
        checked = ("has", f"[name={_str('opt-' + opt.id)}]:checked")
        return True if len(wanted) == 2 else checked if wanted == {True} else _not(checked) if wanted else False
    if opt.kind == "choice":
        return _choice_in("opt-" + opt.id, [json.dumps(v) for v in opt.values if v in allowed])
    raise ValueError(f"option {opt.id}: another option cannot depend on a {opt.kind} option in the "
                     "prerendered lobby (ui/prerender.py)")


def hidden(spec, opt, memo=None) -> object:
    """When `opt` does not apply, as a formula over the form (Option.applies,
    with a hidden option counting as its default, as resolve_options does)."""
    memo = {} if memo is None else memo
    if opt.id in memo:
        return memo[opt.id]
    seats = [n for n in range(spec.min_seats, spec.max_seats + 1) if opt.seats and n not in opt.seats]
    parts = [_choice_in("seats", [str(n) for n in seats])]
    for key, allowed in opt.requires.items():
        other = next((o for o in spec.options if o.id == key), None)
        if other is None:
            parts.append(None not in allowed)
        elif other.default in allowed:  # fails only while it applies with another value
            parts.append(_and(_not(hidden(spec, other, memo)), _not(_value_in(other, allowed))))
        else:  # fails while hidden (its default) or set to another value
            parts.append(_or(hidden(spec, other, memo), _not(_value_in(other, allowed))))
    memo[opt.id] = _or(*parts)
    return memo[opt.id]


def _rule(form: str, condition, target: str) -> str:
    if condition is False:
        return ""
    where = "" if condition is True else _selector(condition)
    return f"{form}{where} {target} {{ display: none; }}\n"


def css(games: list[str]) -> str:
    """The rules that make the prerendered lobby follow its own controls.
    Browsers without :has() show every form, row and option until Python
    takes over."""
    out = ["/* the prerendered lobby (generated by `make dist`, web/ui/prerender.py) */\n",
           "@supports selector(:has(*)) {\n",
           f"#{ROOT_ID} .pre-game {{ display: none; }}\n"]
    for game_id in games:
        out.append(f"#{ROOT_ID}:has([name=game][value={_str(game_id)}]:checked) "
                   f".pre-game[data-game={_str(game_id)}] {{ display: block; }}\n")
        out.append(css_rules(engine.GAMES[game_id]))
    out.append("}\n")
    return "".join(out)


def css_rules(spec) -> str:
    """One game's form: the seat rows past the chosen count, the options that
    do not apply, and "no options" while none does, hidden."""
    form = f".pre-game[data-game={_str(spec.id)}]"
    out = []
    for n in range(spec.min_seats, spec.max_seats):
        out.append(_rule(form, _choice_in("seats", [str(n)]), f".seat-row:nth-child(n+{n + 1})"))
    memo = {}
    for opt in spec.options:
        out.append(_rule(form, hidden(spec, opt, memo), f"[data-option={_str(opt.id)}]"))
        for value in opt.value_help:  # a value's note only while that value is chosen
            shown = _value_in(opt, [value])
            out.append(_rule(form, _not(shown), f"[data-option={_str(opt.id)}] "
                                                f".value-help[data-value={_str(json.dumps(value))}]"))
    every_hidden = _and(*(hidden(spec, opt, memo) for opt in spec.options))
    out.append(_rule(form, _not(every_hidden), ".no-options"))
    return "".join(out)


# -------------------------------------------------------- taking over
def model_from_form(game_id, values: dict, words: Words, games: list[str], seed=None) -> dict | None:
    """The lobby model for what the prerendered form shows: `values` maps the
    form's control names to their values (text, True/False for a checkbox,
    the checked values of a subset).  Read into the shape of the remembered
    new-game form and checked as that is (startup.clean_lobby), so anything
    out of place keeps its default.  `seed`: a fixed deal asked for."""
    if game_id not in games:
        return None
    spec = engine.GAMES[game_id]
    saved = {"game": game_id, "players": [], "options": {}}
    try:
        saved["seats"] = int(values.get("seats"))
    except (TypeError, ValueError):
        pass
    for i in range(spec.max_seats):
        player = {"name": values.get(f"name-{i}")}
        kind = values.get(f"kind-{i}")
        if kind in ("human", "remote"):
            player.update(kind=kind, level=None)
        elif isinstance(kind, str) and kind.startswith("bot:"):
            player.update(kind="bot", level=kind[4:])
        saved["players"].append(player)
    for opt in spec.options:
        raw = values.get(("sub-" if opt.kind == "subset" else "opt-") + opt.id)
        try:
            saved["options"][opt.id] = raw if opt.kind == "bool" else \
                [json.loads(v) for v in raw] if opt.kind == "subset" else json.loads(raw)
        except (TypeError, ValueError):
            continue  # not in the form: its default
    if isinstance(values.get("hints"), bool):
        saved["hints"] = values["hints"]
    if seed is not None:
        saved["seed"] = seed
    form, _ = startup.clean_lobby(saved)
    return startup.lobby_model(form, words, games)


def live_id(name: str, value: str) -> str:
    """The live lobby's id of the control that had the focus in the
    prerendered one (named `name`, holding `value`)."""
    if name == "game":
        return f"game-{value}"
    if name.startswith("sub-"):
        return "opt-" + name[4:]
    return name  # seats, name-<i>, kind-<i>, opt-<id>, lang
