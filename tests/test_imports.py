"""Judging imports no torch: `sysgen verdicts` reads result files, and only replaying a run's scored words
(`sysgen.scored._count`) or training needs torch. Seen from a fresh process, as a user meets it."""
import subprocess
import sys

import pytest


def test_verdicts_import_no_torch():
    probe = "import sys, sysgen.verdicts, sysgen.judgement; assert 'torch' not in sys.modules"
    p = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("argv", [["verdicts", "--recipe", "baby5"], ["verdicts", "--recipe", "baby5", "--json"]])
def test_verdicts_command_imports_no_torch(argv):
    "The whole command, not only its imports: the committed runs record their scored words, so none is replayed."
    probe = ("import sys\nfrom sysgen.cli import main\ntry: main(%r)\nexcept SystemExit as e: assert not e.code, e.code\n"
             "assert 'torch' not in sys.modules, 'torch imported'" % (argv,))
    p = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip(), "no verdicts printed"
