"""The command line's rough edges, seen from a fresh process as a user meets them: `--help` without torch, Ctrl-C
during `sysgen dataset`, and a directory that cannot be written."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SYSGEN = [sys.executable, "-c", "from sysgen.cli import main; main()"]


def _heavy_modules_after(argv) -> list[str]:
    "The heavy modules a fresh process has imported after `sysgen ARGV` (e.g. --help) returns."
    probe = ("import sys\nfrom sysgen.cli import main\ntry: main(%r)\nexcept SystemExit: pass\n"
             "print(sorted(m for m in ('torch', 'sysgen.render', 'sysgen.train', 'matplotlib') if m in sys.modules))" % (argv,))
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return eval(out.splitlines()[-1])


@pytest.mark.parametrize("argv", [["--help"], ["dataset", "--help"], ["render", "--help"], ["train", "--help"],
                                  ["sweep", "--help"], ["bench", "train", "--help"]])
def test_help_imports_no_torch(argv):
    assert _heavy_modules_after(argv) == []


def test_ctrl_c_during_dataset_leaves_nothing(tmp_path):
    out = tmp_path / "c8"
    p = subprocess.Popen([*SYSGEN, "dataset", "--palette", "2", "--train", "20000", "--val", "10", "--size", "32",
                          "--quiet", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 600                     # torch's import alone can take a minute on a busy machine
    while not list(tmp_path.glob(".c8.tmp-*")) and p.poll() is None and time.time() < deadline: time.sleep(0.2)
    assert p.poll() is None, p.communicate()
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=300)
    assert p.returncode == 130, err
    assert err.strip().splitlines()[-1] == "sysgen dataset: interrupted", err
    assert "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []            # no .c8.tmp-* directory, no c8


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not apply to root")
def test_unwritable_directory(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o555)
    for argv, what in ((["dataset", "--palette", "2", "--out", str(ro / "c8")], "ro"),
                       (["render", "--palette", "2", "--out", str(ro / "x.png")], "ro/x.png")):
        r = subprocess.run([*SYSGEN, *argv], capture_output=True, text=True)
        assert r.returncode == 1, r.stderr
        assert r.stderr.strip().endswith(f"permission denied writing {tmp_path / what}"), r.stderr
        assert "Traceback" not in r.stderr
    assert list(ro.iterdir()) == []
