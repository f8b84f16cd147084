"""Regenerate every page that reads the result files (and the house map, which reads the code), then the README, after
new runs land in results/ or code moves between modules.

    python tools/regen_pages.py                      # the pages below, then README and its tables (a few minutes)
    python tools/regen_pages.py nbs/experiments/07_nmi.ipynb    # only these pages (README and tables still follow)

Each notebook is executed in place (nbclient, one kernel per notebook, in the notebook's own folder, one torch
thread), so its committed outputs are the tables and plots of the runs committed now; consecutive pieces of one
stream (stdout or stderr) of a cell are joined, so a page differs from the last only where its text does. Then `tools/make_readme.py`
and `tools/results_tables.py --write` rebuild README.md, and `nbdev_export` and `nbdev_clean` leave the notebooks
in their committed form. A notebook that fails stops the script with its error, before anything else is written.

`nbs/experiments/your_own.ipynb` trains a miniature run into a temporary directory (under a minute) and only prints the
command of its full run.
"""
import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["nbs/index.ipynb", "nbs/findings.ipynb", "nbs/speed.ipynb", "nbs/09_sweep.ipynb", "nbs/11_verdicts.ipynb",
         *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "nbs/experiments").glob("[0-9]*.ipynb")),
         "nbs/experiments/baby_config.ipynb", "nbs/experiments/search_record.ipynb", "nbs/experiments/your_own.ipynb",
         "nbs/house.ipynb"]


def merge_streams(nb) -> int:
    "Join each run of consecutive outputs to the same stream (stdout or stderr) of a cell into one (nbconvert's CoalesceStreamsPreprocessor); how many went."
    count = lambda: sum(len(cell.get("outputs", [])) for cell in nb.cells)
    before = count()
    CoalesceStreamsPreprocessor().preprocess(nb, {})
    return before - count()


def execute(path: Path, timeout: int = 1800) -> float:
    "Run every cell of the notebook at `path` in its own folder and save it with its outputs; seconds taken."
    t0 = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    merge_streams(nb)                                       # how a cell's printing was chunked depends on timing
    tmp = path.with_suffix(".ipynb.tmp")
    nbformat.write(nb, tmp)
    os.replace(tmp, path)                                   # atomic: a failed run leaves the committed page
    return time.perf_counter() - t0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pages", nargs="*", default=PAGES, help="notebooks to execute (default: every results page)")
    args = p.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")            # the kernels inherit it: one thread, as every sysgen command
    for page in args.pages:
        path = (ROOT / page).resolve()
        if not path.is_file(): sys.exit(f"no notebook {page}")
        print(f"{page}: {execute(path):.0f} s", flush=True)
    for cmd in ([sys.executable, "tools/make_readme.py"], [sys.executable, "tools/results_tables.py", "--write"],
                [str(Path(sys.executable).parent / "nbdev_export")], [str(Path(sys.executable).parent / "nbdev_clean")]):
        subprocess.run(cmd, cwd=ROOT, check=True)
    print("done: review `git diff`, then commit the pages with README.md")


if __name__ == "__main__":
    main()
