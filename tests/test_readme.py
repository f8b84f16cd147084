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
    "Install, the three-command quickstart (a picture, a whole tiny run, the headline sweep into a fresh run store), and the tests."
    text = (ROOT / "README.md").read_text()
    for command in ('pip install -e ".[dev]"', "\nsysgen render --palette 3 --split valB", "\nsysgen train --config tiny",
                    "\nsysgen sweep diversity --seeds 1 --runs my-runs", "```sh\npytest\n```"):
        assert command in text, command
    assert "](results/figures/render_c216_trainA.png)" in text and (ROOT / "results/figures/render_c216_trainA.png").exists()


def test_readme_is_short():
    "The README is the answer and how to get it, not the whole site: under 150 lines, its result block first."
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) < 150, f"README.md has {len(text.splitlines())} lines"
    assert text.index("<!-- results:begin -->") < text.index('pip install -e ".[dev]"')
