"""The maintenance scripts in tools/ that rewrite committed files."""
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from regen_pages import merge_streams


def test_merge_streams_joins_consecutive_pieces_of_one_stream_only():
    "A page's printing comes back in timing-dependent pieces; joined, the page changes only where its text does."
    out = nbformat.v4.new_output
    cell = nbformat.v4.new_code_cell("print(1)")
    cell.outputs = [out("stream", name="stdout", text="a\n"), out("stream", name="stdout", text="b\n"),
                    out("stream", name="stderr", text="w\n"), out("stream", name="stdout", text="c\n"),
                    out("execute_result", data={"text/plain": "1"}, execution_count=1)]
    nb = nbformat.v4.new_notebook(cells=[cell, nbformat.v4.new_markdown_cell("no outputs")])
    assert merge_streams(nb) == 1
    assert [o.get("text") for o in cell.outputs] == ["a\nb\n", "w\n", "c\n", None]   # stderr between keeps them apart
    assert merge_streams(nb) == 0                                                     # joined once is joined


def test_committed_notebooks_have_their_streams_joined():
    "A progress bar committed in redraws shows on the docs page as one line per redraw; joined, only its last state shows."
    nbs = Path(__file__).resolve().parents[1] / "nbs"
    chunked = [str(p.relative_to(nbs)) for p in sorted(nbs.rglob("*.ipynb"))
               if merge_streams(nbformat.read(p, as_version=4))]
    assert not chunked, f"notebooks with unjoined stream outputs (join them with merge_streams from tools/regen_pages.py, which runs it on every page it executes): {chunked}"


@pytest.mark.slow
def test_outside_check_agrees_with_what_sysgen_reports():
    "tools/outside_check.py recomputes the draws, cross-attribute, NMI's key number and the prediction's skill from the result files with scipy alone."
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "outside_check.py")], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
