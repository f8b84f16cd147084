"""No module uses another's private names: a `_name` of `sysgen.X` is used in X alone (its module, or the notebook
that exports it), never imported (`from sysgen.X import _name`, `from .X import _name`) or reached
(`sysgen.X._name`, `X._name` after `from sysgen import X`) from another module, notebook, tool or benchmark.
What must be shared is made public. Read with `ast`, without importing anything."""
import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "sysgen"
MODULES = {p.stem for p in (ROOT / PACKAGE).glob("*.py")}
DEFAULT_EXP = re.compile(r"^#\|\s*default_exp\s+(\S+)", re.M)


def private(name: str) -> bool:
    "A private name: one leading underscore, not a dunder (`__version__`, `__file__`)."
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def sources():
    "(where, own module or None, Python source) of every library module, notebook code cell, tool and benchmark."
    for p in sorted((ROOT / PACKAGE).glob("*.py")):
        if p.stem != "_modidx": yield p.relative_to(ROOT).as_posix(), p.stem, p.read_text()
    for p in sorted((ROOT / "nbs").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in p.parts: continue
        cells = [c for c in json.loads(p.read_text())["cells"] if c["cell_type"] == "code"]
        texts = ["".join(c["source"]) for c in cells]
        own = next((m[1] for t in texts for m in [DEFAULT_EXP.search(t)] if m), None)
        for i, t in enumerate(texts):
            text = "\n".join("#" + l if l.lstrip().startswith(("%", "!")) else l for l in t.splitlines())   # IPython magics
            yield f"{p.relative_to(ROOT).as_posix()} (code cell {i})", own, text
    for folder in ("tools", "bench"):
        for p in sorted((ROOT / folder).glob("*.py")): yield p.relative_to(ROOT).as_posix(), None, p.read_text()


def crossings(text: str, own: str | None, relative_ok: bool) -> list[str]:
    "Each use in `text` of a private name of a sysgen module other than `own`, as `module._name` (line N)."
    tree, out, aliases = ast.parse(text), [], {}          # aliases: a local name bound to a sysgen module → that module
    def module_of(node: ast.ImportFrom) -> str | None:
        if node.level == 0 and node.module and node.module.startswith(PACKAGE + "."): return node.module.split(".")[1]
        if node.level == 1 and relative_ok and node.module: return node.module.split(".")[0]
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = module_of(node)
            if mod is not None:
                out += [f"{mod}.{a.name} (line {node.lineno})" for a in node.names if private(a.name) and mod != own]
            elif (node.level == 0 and node.module == PACKAGE) or (node.level == 1 and relative_ok and not node.module):
                aliases.update({a.asname or a.name: a.name for a in node.names if a.name in MODULES})
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == PACKAGE and len(parts) > 1 and a.asname: aliases[a.asname] = parts[1]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not private(node.attr): continue
        v = node.value
        if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == PACKAGE and v.attr in MODULES:
            mod = v.attr                                                       # sysgen.X._name
        elif isinstance(v, ast.Name) and v.id in aliases: mod = aliases[v.id]   # X._name, X a sysgen module
        else: continue
        if mod != own: out.append(f"{mod}.{node.attr} (line {node.lineno})")
    return out


def test_crossings_are_found():
    "The checker itself, on the forms it must catch and those it must let pass."
    code = ("from sysgen.report import _at, points\nfrom .io import _tmp\nimport sysgen\nsysgen.report._pct(1)\n"
            "from sysgen import report as r\nr._w\nimport sysgen.store as s\ns._x\nfrom sysgen import __version__\n"
            "sysgen.io.atomic_write\nfrom sysgen.report import _own\n")
    assert sorted(crossings(code, "other", relative_ok=True)) == [
        "io._tmp (line 2)", "report._at (line 1)", "report._own (line 11)", "report._pct (line 4)", "report._w (line 6)",
        "store._x (line 8)"]
    assert sorted(crossings(code, "report", relative_ok=True)) == ["io._tmp (line 2)", "store._x (line 8)"]   # its own: allowed
    assert crossings("from .io import _tmp\n", None, relative_ok=False) == []    # a relative import outside the package


def test_no_private_name_crosses_a_module():
    bad, unread = [], []
    for where, own, text in sources():
        try: found = crossings(text, own, relative_ok=where.startswith(PACKAGE + "/"))
        except SyntaxError as e: unread.append(f"{where}: {e.msg} (line {e.lineno})"); continue
        bad += [f"{where}: {f}" for f in found]
    assert not unread, "sources that do not parse:\n" + "\n".join(unread)
    assert not bad, ("private names used outside their module (make them public, or stop needing them):\n"
                     + "\n".join(bad))
