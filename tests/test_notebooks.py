"""Run every notebook in nbs/ as one pytest test, through nbdev's own test machinery.

Cells whose flags are listed in settings.ini's `tst_flags` (e.g. `#| slow`) are skipped, as `nbdev_test` does;
set SYSGEN_TEST_FLAGS="slow" (space separated) to run them too.
"""
import importlib
import os
import pkgutil
from pathlib import Path

import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as _run_nb  # renamed so pytest does not collect it as a test

import sysgen
import sysgen.io

# Every library module, imported once so that each typed configuration class is in `from_dict`'s registry (see below).
for _m in pkgutil.iter_modules(sysgen.__path__): importlib.import_module(f"sysgen.{_m.name}")

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / "nbs"


def _notebooks():
    "Every notebook under nbs/, skipping files and folders whose name starts with '_' or '.'."
    out = []
    for p in sorted(NBS.rglob("*.ipynb")):
        rel = p.relative_to(NBS)
        if any(part.startswith(("_", ".")) for part in rel.parts): continue
        out.append(p)
    return out


@pytest.mark.parametrize("nb", _notebooks(), ids=lambda p: str(p.relative_to(NBS)))
def test_notebook(nb, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)  # nbdev finds settings.ini from the working directory
    monkeypatch.setenv("SYSGEN_FIGURES", str(tmp_path))  # pages save their figures here, not in results/figures
    # Every notebook runs in this one process, and a notebook that defines a typed configuration class (02's
    # SystematicSplit) registers its own copy of the class by name for `from_dict`. Without this, a later notebook
    # would rebuild saved values as that copy, which never equals the library's class. Each notebook gets the
    # registry as the library, fully imported, left it.
    monkeypatch.setattr(sysgen.io, "_TYPES", dict(sysgen.io._TYPES))
    cfg = get_config()
    skip = cfg.get("tst_flags", "").split()
    force = os.environ.get("SYSGEN_TEST_FLAGS", "").split()
    ok, _ = _run_nb(nb, skip_flags=skip, force_flags=force, basepath=cfg.config_path)
    assert ok, f"a cell of {nb.relative_to(ROOT)} failed (its traceback is in the captured stderr)"
