"""The command line's rough edges, seen from a fresh process as a user meets them: `--help` without torch, Ctrl-C
during `sysgen dataset`, a directory that cannot be written, and one exit code per kind of error."""
import os
import signal
import subprocess
import sys
import time

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
    for argv, end in ((["dataset", "--palette", "2", "--out", str(ro / "c8")], f"permission denied writing {ro}"),
                      (["render", "--palette", "2", "--out", str(ro / "x.png")], f"--out {ro / 'x.png'}: cannot write in {ro} (permission denied)")):
        r = subprocess.run([*SYSGEN, *argv], capture_output=True, text=True)
        assert r.returncode == 1, r.stderr
        assert r.stderr.strip().endswith(end), r.stderr
        assert "Traceback" not in r.stderr
    assert list(ro.iterdir()) == []


def _one_line_error(r, code=1) -> str:
    "The one line a failed command printed (asserting its exit code and that no traceback came with it)."
    assert r.returncode == code, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr.strip()


def _sysgen(*argv, cwd=None):
    return subprocess.run([*SYSGEN, *map(str, argv)], capture_output=True, text=True, cwd=cwd)


@pytest.mark.parametrize("item", ["n_objects=3", "train_objects=5"])
def test_train_one_number_for_a_range(tmp_path, item):
    field = item.split("=")[0]
    r = _sysgen("train", "--config", "tiny", "--set", item, "--run-dir", tmp_path / "run")
    assert _one_line_error(r, code=2) == (f"sysgen train: error: --set: {field} must be two integers MIN,MAX "
                                          f"(e.g. --set {field}=3,10), got {item[-1]}")
    assert list(tmp_path.iterdir()) == []


# One exit code per kind of error: 2 for a command line that is wrong whatever the disk holds, 1 for what a command
# meets at run time. Each case: the arguments ({tmp} is a fresh directory holding one regular file, `a-file`), the exit
# code, and what its one error line says (argparse's own errors come after its usage lines).
EXIT_CODES = [
    (["render", "--palette", "0", "--out", "{tmp}/x.png"], 2,
     "sysgen render: error: --palette must be an integer ≥ 2, got 0"),
    (["render", "--palette", "99", "--out", "{tmp}/x.png"], 2,
     "sysgen render: error: argument --palette: 99 levels would be"),
    (["dataset", "--palette", "0", "--out", "{tmp}/d"], 2,
     "sysgen dataset: error: --palette must be an integer ≥ 2, got 0"),
    (["dataset", "--palette", "2", "--shard", "half", "--out", "{tmp}/d"], 2,
     "sysgen dataset: error: --shard must be written i/n"),
    (["train", "--config", "tiny", "--palette", "0", "--run-dir", "{tmp}/run"], 2,
     "sysgen train: error: --palette must be an integer ≥ 2, got 0"),
    (["train", "--config", "tiny", "--palette", "99"], 2,
     "sysgen train: error: argument --palette: 99 levels would be"),
    (["train", "--config", "tiny", "--set", "setps=4", "--run-dir", "{tmp}/run"], 2,
     "sysgen train: error: --set: unknown configuration key 'setps'; did you mean steps?"),
    (["train", "--config", "huge", "--run-dir", "{tmp}/run"], 2,
     "sysgen train: error: --config: unknown configuration 'huge'"),
    (["bench", "train", "--config", "tiny", "--set", "lrr=1"], 2,
     "sysgen bench train: error: --set: unknown configuration key 'lrr'; did you mean lr?"),
    (["bench", "render", "--images", "0"], 2,
     "sysgen bench render: error: argument --images: must be an integer ≥ 1, got 0"),
    (["sweep", "diversity", "--list", "--runs", "{tmp}/runs", "--set", "stepz=3"], 2,
     "sysgen sweep: error: --set: unknown configuration key 'stepz'; did you mean steps or stem?"),
    (["sweep", "colours", "--list", "--runs", "{tmp}/runs"], 2,
     "sysgen sweep: error: unknown sweep 'colours'"),
    (["plan", "--recipe", "nope"], 2,
     "sysgen plan: error: argument --recipe: invalid choice: 'nope'"),
    (["train", "--config", "tiny", "--run-dir", "{tmp}/a-file"], 1,
     "sysgen train: error: --run-dir {tmp}/a-file is a file, not a directory: choose another --run-dir"),
    (["train", "--config", "tiny", "--run-dir", "{tmp}/a-file/run"], 1,
     "sysgen train: error: --run-dir {tmp}/a-file/run goes through {tmp}/a-file, a file, not a directory"),
    (["train", "--config", "tiny", "--resume", "--run-dir", "{tmp}/gone"], 1,
     "sysgen train: error: --resume: {tmp}/gone holds no run"),
    (["eval", "{tmp}/gone"], 1,
     "sysgen eval: error: {tmp}/gone is not a run directory (no config.json)"),
    (["dataset", "--merge", "{tmp}/gone"], 1,
     "sysgen dataset: error: {tmp}/gone holds no complete shards"),
]


@pytest.mark.parametrize("argv,code,says", EXIT_CODES, ids=[" ".join(a[:2]) + f" {c}" for a, c, _ in EXIT_CODES])
def test_exit_code_per_kind_of_error(tmp_path, capsys, argv, code, says):
    from sysgen.cli import main
    (tmp_path / "a-file").write_text("kept")
    fill = lambda s: s.replace("{tmp}", str(tmp_path))
    with pytest.raises(SystemExit) as e: main([fill(a) for a in argv])
    err = capsys.readouterr().err
    assert e.value.code == code, err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith(fill(says)), err
    if not err.startswith("usage:"): assert len(err.strip().splitlines()) == 1, err     # ours: one line, no usage
    assert [p.name for p in tmp_path.iterdir()] == ["a-file"], err                      # nothing written …
    assert (tmp_path / "a-file").read_text() == "kept"                                  # … nor changed


def test_resume_of_a_missing_run_refuses(tmp_path):
    r = _sysgen("train", "--config", "tiny", "--resume", "--run-dir", tmp_path / "gone")
    assert _one_line_error(r) == (f"sysgen train: error: --resume: {tmp_path / 'gone'} holds no run to resume (it does not exist); "
                                  "train without --resume to start one there")
    assert list(tmp_path.iterdir()) == []


def test_corrupt_result_is_listed_and_refused(tmp_path):
    from sysgen.sweep import status
    from sysgen.store import RunDir
    runs = status("diversity", 1, tmp_path, "tiny")
    for r in runs: RunDir(r["run_dir"]).write("config", {}); RunDir(r["run_dir"]).write("result", {"metrics": {}})
    bad = RunDir(runs[2]["run_dir"])
    bad.result_file.write_text("{half")
    common = ["--seeds", "1", "--config", "tiny", "--runs", tmp_path, "--no-analysis", "--quiet"]
    listed = _sysgen("sweep", "diversity", *common, "--list")
    assert [l.split()[1] for l in listed.stdout.splitlines()] == ["done", "done", "corrupt", "done", "done"], listed
    line = _one_line_error(_sysgen("sweep", "diversity", *common))
    assert line.startswith(f"sysgen sweep: error: 1 run of diversity has a result.json that is not a finished run's: {bad.result_file}"), line
    assert bad.result_file.read_text() == "{half"


def test_render_into_a_read_only_directory(tmp_path, monkeypatch, capsys):
    import errno
    import tempfile
    from sysgen.cli import main
    def read_only(*a, **k): raise OSError(errno.EROFS, os.strerror(errno.EROFS))   # what even root meets on a read-only mount
    monkeypatch.setattr(tempfile, "TemporaryFile", read_only)
    with pytest.raises(SystemExit) as e: main(["render", "--palette", "2", "--n", "2", "--size", "16", "--out", str(tmp_path / "d" / "x.png")])
    assert e.value.code == 1
    assert capsys.readouterr().err == f"sysgen render: error: --out {tmp_path / 'd' / 'x.png'}: cannot write in {tmp_path} (read-only file system)\n"
    assert list(tmp_path.iterdir()) == []


def test_disk_full_during_training_leaves_nothing(tmp_path, monkeypatch, capsys):
    import errno
    from sysgen.cli import main
    from sysgen.store import RunDir
    def full(self, role, record): raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.file(role)))
    monkeypatch.setattr(RunDir, "append", full)                    # the log's first record does not fit
    run = tmp_path / "run"
    with pytest.raises(SystemExit) as e: main(["train", "--config", "tiny", "--quiet", "--run-dir", str(run)])
    assert e.value.code == 1
    assert capsys.readouterr().err == (f"sysgen train: error: no space left on device writing {run / 'log.jsonl'}; "
                                       f"the files this run wrote are removed ({run} is as it was)\n")
    assert list(tmp_path.iterdir()) == []                          # no config.json, no log.jsonl, no directory


def test_train_help_names_every_recipe():
    from sysgen.recipes import CONFIGS, RECIPE
    text = " ".join(_sysgen("train", "--help").stdout.split())
    assert all(name in text for name in CONFIGS) and f"default: {RECIPE}, the current recipe" in text, text


def test_listing_a_sweep_imports_no_torch(tmp_path):
    assert _heavy_modules_after(["sweep", "diversity", "--seeds", "1", "--list", "--runs", str(tmp_path)]) == []
