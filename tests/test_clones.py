"""Fresh runs are judged fairly in any clone (registry rule start_dates): a run's start commit is dated from git where
the clone holds it, else from preregistration/commits.json, else it is 'undated' — never 'post hoc' for want of a date.
Each test clones the committed HEAD of this checkout, so it checks what is committed."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _clone(tmp_path, *flags) -> Path:
    dest = tmp_path / "clone"
    src = f"file://{ROOT}" if flags else str(ROOT)
    subprocess.run(["git", "clone", "-q", *flags, src, str(dest)], check=True)
    return dest


def _py(clone: Path, code: str, timeout=900) -> str:
    env = {**os.environ, "PYTHONPATH": str(clone)}
    out = subprocess.run([sys.executable, "-c", code], cwd=clone, env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_shallow_clone_dates_starts_from_the_ledger(tmp_path):
    clone = _clone(tmp_path, "--depth", "1")
    got = json.loads(_py(clone, """
import json
from sysgen.registry import commit_dates, git_date, run_start
from sysgen.store import run_dirs
head = __import__("subprocess").run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
run = next(r for r in run_dirs() if r.has("result") and r.name.startswith("baby5-c8-s"))
commit, date = run_start(run.path)
print(json.dumps(dict(head_dated=git_date(head) is not None, old_in_git=git_date(commit) is not None,
                      date=date, ledger=commit_dates().get(commit))))
"""))
    assert got["head_dated"]                       # the one commit a shallow clone holds is dated by git
    assert not got["old_in_git"]                   # an older start commit is not in it ...
    assert got["date"] and got["date"] == got["ledger"]   # ... and is dated from the ledger instead


@pytest.mark.slow
def test_fresh_tiny_sweep_in_a_full_clone_is_not_post_hoc(tmp_path):
    clone = _clone(tmp_path)
    runs = tmp_path / "runs"
    _py(clone, f"from sysgen.cli import main; main(['sweep', 'diversity', '--config', 'tiny', '--seeds', '1', '--runs', {str(runs)!r}])")
    out = _py(clone, f"""
from sysgen.verdicts import checks
outs, done, total = checks('diversity', 1, {str(runs)!r}, 'tiny')
print(done, total); print('\\n'.join(o.post_hoc or '-' for o in outs))
""")
    lines = out.splitlines()
    assert lines[0] == "5 5", out
    assert not any("post hoc" in l or "undated" in l for l in lines[1:]), out
