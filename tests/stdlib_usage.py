"""Which standard-library modules engine/ and web/ui/ import while the whole
game set is played in CPython (issue 16: the page ships only the stdlib
modules in scripts/stdlib_modules.txt).

Every game, with its default options and with varied ones, one human seat
choosing at random beside a bot of every level, to the end: the lobby, each
screen and the frame for the human in nl/en/de, saves and their replay, the
result.  The browser side of the same run is e2e/test_stdlib.py.

    python tests/stdlib_usage.py      # the modules as a JSON list

Run in a fresh interpreter (the unit test starts one, `python -I -S`), so
every import happens while it watches.
"""

import sys

ROOT = __file__.rsplit("/", 2)[0] if "/" in __file__ else ".."


def varied_options(spec, seats):
    """Options away from the defaults wherever they apply (another map, every
    object, variants on), so other rules and screens are reached."""
    chosen: dict = {}
    for opt in spec.options:
        if not opt.applies(seats, spec.resolve_options(chosen, seats)):
            continue
        if opt.kind == "bool":
            chosen[opt.id] = not opt.default
        elif opt.kind == "subset":
            chosen[opt.id] = list(opt.values)
        else:
            chosen[opt.id] = next((v for v in reversed(opt.values) if v != opt.default), opt.default)
    try:
        return spec.resolve_options(chosen, seats)
    except ValueError:
        return spec.resolve_options({}, seats)


def tables(games=None):
    """(game id, players, options) of every table the run plays: a human and
    a bot of each level, default options and varied ones."""
    import engine
    from engine import bots

    for game_id in sorted(games or engine.GAMES):
        spec = engine.GAMES[game_id]
        levels = bots.LEVELS[game_id]
        seats = max(spec.min_seats, min(spec.max_seats, 1 + len(levels)))
        players = [{"name": "Anna", "kind": "human", "level": None}]
        players += [{"name": f"Bot {i + 1}", "kind": "bot", "level": levels[i % len(levels)]}
                    for i in range(seats - 1)]
        yield game_id, players, spec.resolve_options({}, seats)
        varied = varied_options(spec, seats)
        if varied != spec.resolve_options({}, seats):
            yield game_id, players, varied


def play(game_id, players, options, seed=7, max_moves=20_000):
    """One game to its end the way the table plays it (Session, bots, screens)."""
    import engine
    from engine.rng import Rng
    from ui import lobby, screens, table
    from ui.i18n import LANGS, Words
    from ui.session import Session

    rng = Rng(seed)
    session = Session.start(game_id, [dict(p) for p in players], options, seed, "run", 0)
    module = screens.screen_module(game_id)
    for lang in LANGS:
        words = Words(lang)
        lobby.render_lobby(lobby.default_model(game_id, words), [], words)
    for move in range(max_moves):
        if session.state.is_over():
            break
        if session.handoff_to is not None:
            session.confirm_handoff()
        lang = LANGS[move % len(LANGS)]
        words = Words(lang, game_id, lambda seat: players[seat]["name"])
        ctx = table.TableContext(words, session.players, session.viewer, session.note(session.viewer))
        view = session.shown_view()
        legal = session.my_legal()
        if module is not None and move % 5 == 0:
            screen = module.Screen(ctx)
            body = screen.render(view, legal)
            details = screen.player_details(view)
            table.render_frame(view, ctx, body, can_undo=session.can_undo(), thinking=None, message="",
                               details=details)
        if legal:
            session.act(rng.choice(legal))
        elif session.bots_to_act():
            seat = session.bots_to_act()[0]
            thinker = session.bot_thinker(seat, seed * 7919 + move)
            try:
                while True:
                    next(thinker)
            except StopIteration as done:
                session.bot_act(seat, done.value)
        else:
            raise AssertionError(f"{game_id}: nobody can move")
    else:
        raise AssertionError(f"{game_id}: no end after {max_moves} moves")
    text = session.to_json(1)
    again = Session.from_save(text, "run")
    assert again.state.fingerprint() == session.state.fingerprint()
    engine.load(text)
    for lang in LANGS:
        words = Words(lang, game_id, lambda seat: players[seat]["name"])
        ctx = table.TableContext(words, session.players, session.viewer)
        view = session.state.view(session.viewer)
        table.render_result(view, ctx)
        table.render_log(view, ctx)
        lobby.render_saves([{"id": "run", "damaged": False, "game": game_id, "seats": len(players),
                             "names": [p["name"] for p in players], "moves": 1, "over": True, "updated": 0}],
                           words)


def stdlib_imports():
    """The stdlib modules that code in engine/ and web/ui/ imports itself
    during the run (call it in a fresh interpreter).  What those modules
    import in turn differs between CPython versions; the browser test
    covers that on the page's own Python."""
    import builtins

    for path in (ROOT, ROOT + "/web"):
        if path not in sys.path:
            sys.path.insert(0, path)
    real_import = builtins.__import__
    asked = set()

    def tracking_import(name, globals=None, locals=None, fromlist=(), level=0):
        module = real_import(name, globals, locals, fromlist, level)
        importer = (globals or {}).get("__name__") or ""
        if level == 0 and importer.split(".")[0] in ("engine", "ui"):
            asked.add(name)
            asked.update(f"{name}.{item}" for item in fromlist or () if f"{name}.{item}" in sys.modules)
        return module

    builtins.__import__ = tracking_import
    try:
        from tests import fake_dom

        fake_dom.install()  # ui/dom.py needs the browser; the rest of the table is real
        import ui.app  # noqa: F401  (the table's own imports)
        import ui.stdlib_guard  # noqa: F401

        for game_id, players, options in tables():
            play(game_id, players, options)
    finally:
        builtins.__import__ = real_import
    return sorted(name for name in asked if name.split(".")[0] in sys.stdlib_module_names
                  and name in sys.modules and getattr(sys.modules[name], "__file__", None))


if __name__ == "__main__":
    import json

    print(json.dumps(stdlib_imports()))
