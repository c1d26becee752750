"""axe-core (a pinned devDependency in package.json, installed by `npm ci`)
run inside the page: the serious and critical violations of what is on the
screen now, said so that a failing test shows what to fix."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")


def violations(page) -> list[str]:
    """One line per serious or critical violation: rule, impact, the first
    elements it was found on."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (make deps does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
    }""")
    return [f"{v['id']} ({v['impact']}): {v['help']} -> {v['nodes']}" for v in found if v["impact"] in GRAVE]
