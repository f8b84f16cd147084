"""No line of the library is longer than 120 characters: every `sysgen/*.py` module (but the generated `_modidx.py`)
and every code cell of the library notebooks `nbs/0*.ipynb` and `nbs/1*.ipynb` (issue 100, part 7).

`NOT_YET` names the modules and notebooks not wrapped yet; it can only shrink: an entry that has no long line left
fails too, so that it is taken off. Exempt, as nbdev writes them and no code cell holds them: a module's first line
when it is the docstring made from the notebook's `> ` summary (prose of a markdown cell), and its `__all__`, which
nbdev wraps at 120 characters before it prefixes `__all__ = `. Read as text, without importing anything."""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDTH = 120
NOT_YET: set[str] = set()    # every module and library notebook is wrapped


def long_lines() -> dict[str, list[str]]:
    "Each module (by stem) and library notebook (by file name) with its lines over `WIDTH` characters."
    out = {}
    for p in sorted((ROOT / "sysgen").glob("*.py")):
        if p.stem == "_modidx":
            continue
        lines = p.read_text().splitlines()
        nbdev = {0} if lines and lines[0].startswith('"""') else set()
        for i, l in enumerate(lines):
            if l.startswith("__all__ = ["):
                nbdev |= set(range(i, next(j for j in range(i, len(lines)) if lines[j].rstrip().endswith("]")) + 1))
        out[p.stem] = [f"{p.name}:{i + 1}" for i, l in enumerate(lines) if len(l) > WIDTH and i not in nbdev]
    for p in sorted([*(ROOT / "nbs").glob("0*.ipynb"), *(ROOT / "nbs").glob("1*.ipynb")]):
        cells = [c for c in json.loads(p.read_text())["cells"] if c["cell_type"] == "code"]
        out[p.name] = [f"{p.name} (code cell {k}): {l[:60]}…" for k, c in enumerate(cells)
                       for l in "".join(c["source"]).splitlines() if len(l) > WIDTH]
    return out


def test_no_long_lines():
    found = long_lines()
    over = [x for name, xs in found.items() if name not in NOT_YET for x in xs]
    assert not over, f"{len(over)} lines over {WIDTH} characters: {over[:20]}"


def test_not_yet_only_shrinks():
    found = long_lines()
    done = sorted(name for name in NOT_YET if not found.get(name))
    assert not done, f"no long line left in {done}: take them off NOT_YET"
