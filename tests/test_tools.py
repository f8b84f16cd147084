"""The maintenance scripts in tools/ that rewrite committed files."""
import sys
from pathlib import Path

import nbformat

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
