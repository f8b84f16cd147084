"""A check's kind is read in one place: `sysgen.checks.kind_of`, the registry's loader. Everywhere else in the library a
kind is told apart by its class (`kind_of(entry) is Shift`, `kind.widens`, `kind.verdict`), never by comparing its name
with a string. Read with `ast`, without importing anything."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOADER = "checks.py"


def reads_kind(node: ast.AST) -> bool:
    "Whether `node` is an entry's kind by name: `x['kind']`, `x.get('kind')`, or a name `kind`."
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"
    return isinstance(node, ast.Name) and node.id == "kind"


def has_string(node: ast.AST) -> bool:
    "Whether `node` is a string, or a tuple, list or set of them."
    if isinstance(node, ast.Constant): return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(has_string(e) for e in node.elts)


def kind_comparisons(text: str) -> list[int]:
    "The lines of `text` that compare a kind's name with a string (==, !=, in, not in)."
    out = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Compare): continue
        sides = [node.left, *node.comparators]
        if any(reads_kind(s) for s in sides) and any(has_string(s) for s in sides): out.append(node.lineno)
    return out


def test_finds_a_comparison():
    assert kind_comparisons('if c["kind"] == "shift": pass') == [1]
    assert kind_comparisons('x = c.get("kind") in ("a", "b")') == [1]
    assert kind_comparisons('if kind_of(c) is Shift: pass') == []
    assert kind_comparisons('if kind != "x": pass') == [1]


def test_no_kind_compared_outside_the_loader():
    found = [f"{p.name}:{line}" for p in sorted((ROOT / "sysgen").glob("*.py")) if p.name not in (LOADER, "_modidx.py")
             for line in kind_comparisons(p.read_text())]
    assert not found, f"a check's kind compared with a string outside sysgen/{LOADER}: {', '.join(found)}"
