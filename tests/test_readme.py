"""The README's result tables are generated from the committed result files; this fails when they drift apart."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_tables_match_result_files():
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "results_tables.py"), "--check"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr or p.stdout


def test_readme_is_generated_from_the_index_notebook():
    "README.md is what tools/make_readme.py makes from nbs/index.ipynb (nbdev's processing and nbconvert, offline)."
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "make_readme.py"), "--check"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr or p.stdout


def test_readme_keeps_the_commands_a_new_user_needs():
    "Install, the main job on a small default (a dataset, a picture, the headline sweep), and the tests."
    text = (ROOT / "README.md").read_text()
    for command in ('pip install -e ".[dev]"', "\nsysgen dataset --palette 6 --out data/c216 --train 2000 --val 500\n",
                    "\nsysgen render --palette 3 --split valB", "\nsysgen sweep diversity --seeds 1\n", "```sh\npytest\n```"):
        assert command in text, command
    assert "](results/figures/render_c216_trainA.png)" in text and (ROOT / "results/figures/render_c216_trainA.png").exists()
