"""De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg."""

from engine.registry import Game

from .spec import SPEC

GAME = Game(SPEC, state="engine.kutschfahrt.state:KutschfahrtState", bots="engine.kutschfahrt.bots",
            sample="engine.kutschfahrt.sample:sample_state",
            levels=("random", "basic", "strong", "expert"))
