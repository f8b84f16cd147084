"""The README's result tables are generated from the committed result files; this fails when they drift apart."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_tables_match_result_files():
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "results_tables.py"), "--check"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr or p.stdout
