#!/usr/bin/env bash
# Train a sweep, or a list of runs, packed on a machine with a GPU within a time budget, and pack what comes back.
#
# Packed (sysgen.packed): every unfinished run of one architecture trains in one process, as one stacked model, each
# run with its own data, masks, optimiser, schedule, evaluation and files. For a copy of a sysgen checkout sent to a GPU
# machine that has PyTorch but cannot install sysgen: run from the copy's root.
#
#   tools/packed_runs.sh SECONDS COMMIT sweep NAME [sysgen sweep options ...]
#   tools/packed_runs.sh SECONDS COMMIT list RUNS_FILE [sysgen pack options ...]
#
# SECONDS    wall-clock budget of the training command, rendering included: when it is spent, every run stops with a
#            checkpoint at one step (sysgen's --budget, exit status 75); a SIGTERM 120 s later is the backstop
# COMMIT     the 40-hex-digit commit the copy was made from, recorded as the runs' `commit`
# sweep NAME `sysgen sweep NAME --executor packed --set device=DEVICE ...`, e.g. `--seeds 3 --set threads=8`
# list FILE  `sysgen pack FILE --device DEVICE ...`: lines `NAME ARGS...`, as `sysgen sweep NAME --train-args` prints them
#
# The run store is RUNS (default results/runs, the copy's own): finished runs are found there by their result.json and
# skipped, so no index or exclude-file changes are needed. A partial run resumes where its checkpoint travelled with the
# copy (RUNS/NAME/ckpt.pt, which git ignores: carry it); without one it starts again from step 0.
#
# Environment: DEVICE (cuda; cpu tries the whole path on a machine without a GPU), RUNS, OUT (else ./device_out),
# BENCH ("1 4 16 64": first time `sysgen bench train --pack K` for each K, in fp32 and bf16, on the quiet GPU; empty:
# none), BENCH_CONFIG (the configuration benchmarked; default the current recipe), BENCH_COMPILE=1 (also through
# torch.compile). Wheels in .whl/ (a package the machine lacks) are installed first.
#
# Writes to OUT: env.txt (GPU, driver, torch), bench.jsonl, runs.tar.gz (every run directory the command wrote to,
# without checkpoints, with the command's output in _logs/; in parts runs.tar.gz.partNN over 15 MiB), summary.json (each such run: finished, stopped, failed or
# not started, its step, and the files below), and per run:
#   finished  model-NAME.pt: its model as weights only, in bf16 (sysgen.packed.slim_checkpoint; `load_run` reads it)
#   stopped   ckpt-NAME.pt: its whole checkpoint, to resume it; over 15 MiB it comes in parts ckpt-NAME.pt.partNN
#             (`cat ckpt-NAME.pt.part* > RUNS/NAME/ckpt.pt` joins them)
set -u
if [ $# -lt 4 ]; then sed -n '2,/^set -u/p' "$0" | grep '^#'; exit 2; fi
budget=$1; commit=$2; what=$3; target=$4; shift 4
case "$budget" in ''|*[!0-9]*) echo "packed_runs.sh: SECONDS must be a whole number, got '$budget'" >&2; exit 2;; esac
[[ $commit =~ ^[0-9a-f]{40}$ ]] || { echo "packed_runs.sh: COMMIT must be 40 hex digits (git rev-parse HEAD), got '$commit'" >&2; exit 2; }
case "$what" in sweep|list) ;; *) echo "packed_runs.sh: say 'sweep NAME' or 'list RUNS_FILE', got '$what'" >&2; exit 2;; esac
[ "$what" = list ] && [ ! -f "$target" ] && { echo "packed_runs.sh: RUNS_FILE '$target' does not exist" >&2; exit 2; }
out=${OUT:-$PWD/device_out}; runs=${RUNS:-results/runs}; dev=${DEVICE:-cuda}; logs=$runs/_logs
mkdir -p "$out" "$logs"
. "$(dirname "$0")/device_env.sh"                      # wheels, PYTHONPATH, `sysgen`, env.txt

# a smoke test first: a broken packed path should cost seconds, not the budget
smoke=$(mktemp -d /tmp/smoke.XXXXXX)
sysgen sweep diversity --config tiny --seeds 1 --executor packed --no-analysis --quiet --set steps=4 "device=$dev" \
  --runs "$smoke" > "$logs/smoke.log" 2>&1 || { echo "smoke test failed:"; tail -20 "$logs/smoke.log"; exit 1; }
echo "smoke test passed"

for k in ${BENCH:-}; do
  for b in false true; do
    for c in "" ${BENCH_COMPILE:+--compile}; do
      sysgen bench train --pack "$k" ${BENCH_CONFIG:+--config "$BENCH_CONFIG"} --device "$dev" --bf16 "$b" $c \
        2>>"$logs/bench.err" | tail -1 >> "$out/bench.jsonl"
    done
  done
done
[ -s "$out/bench.jsonl" ] && cat "$out/bench.jsonl"

marker=$(mktemp /tmp/started.XXXXXX); start=$(date +%s)
if [ "$what" = sweep ]; then cmd=(sweep "$target" --executor packed --runs "$runs" --budget "$budget" --no-analysis --quiet "$@" --set "device=$dev")
else cmd=(pack "$target" --runs "$runs" --budget "$budget" --no-analysis --quiet --device "$dev" "$@"); fi
echo "sysgen ${cmd[*]}"
timeout -s TERM $((budget + 120)) python3 -c "$entry" "${cmd[@]}" > "$logs/train.log" 2>&1
rc=$?
echo "training took $(( $(date +%s) - start )) s, exit status $rc (0: all finished, 75: budget spent, 143: stopped by SIGTERM, 1: some failed)"
tail -3 "$logs/train.log"

python3 - "$runs" "$out" "$marker" <<'PY'
import json, sys
from pathlib import Path
from sysgen.packed import slim_checkpoint
from sysgen.train import load_checkpoint
runs, out, since = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]).stat().st_mtime
LIMIT = 15 * 2**20                                                   # under the 16 MiB a file that comes back

def parts(path: Path, name: str) -> list[str]:
    "`path` as OUT/name, or in parts OUT/name.partNN of at most LIMIT bytes (a file of OUT itself is then removed)."
    data = path.read_bytes()
    if len(data) <= LIMIT:
        if path != out / name: (out / name).write_bytes(data)
        return [name]
    names = [f"{name}.part{i:02d}" for i in range((len(data) + LIMIT - 1) // LIMIT)]
    for i, n in enumerate(names): (out / n).write_bytes(data[i * LIMIT:(i + 1) * LIMIT])
    if path.parent == out: path.unlink()
    return names

summary, touched = {}, []
for d in sorted(p for p in runs.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))):
    if not any(f.stat().st_mtime >= since for f in d.iterdir() if f.is_file()): continue   # not written by this command
    touched.append(d.name)
    ckpt, log = d / "ckpt.pt", d / "log.jsonl"
    last = json.loads(log.read_text().splitlines()[-1]) if log.is_file() and log.read_text().strip() else {}
    if (d / "result.json").is_file():
        state, files = "finished", []
        if ckpt.is_file(): files = parts(slim_checkpoint(ckpt, out / f"model-{d.name}.pt"), f"model-{d.name}.pt")
    elif "failed" in last: state, files = "failed", []
    elif ckpt.is_file(): state, files = "stopped", parts(ckpt, f"ckpt-{d.name}.pt")
    else: state, files = "not started", []
    step = load_checkpoint(ckpt)["step"] if ckpt.is_file() else 0
    summary[d.name] = dict(state=state, step=step, files=files, **({"failed": last["failed"]} if state == "failed" else {}))
    print(f"{d.name}: {state} at step {step}" + (f" ({last['failed']})" if state == "failed" else ""))
(out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
(out / "touched.txt").write_text("".join(n + "\n" for n in touched + ["_logs"]))
PY
tar czf "$out/runs.tar.gz" --exclude=ckpt.pt --exclude=.lock -C "$runs" -T "$out/touched.txt"
rm -f "$out/touched.txt" "$marker"
if [ "$(stat -c %s "$out/runs.tar.gz")" -gt $((15 * 1024 * 1024)) ]; then          # in parts: cat runs.tar.gz.part* joins them
  split -b 15M -d "$out/runs.tar.gz" "$out/runs.tar.gz.part" && rm "$out/runs.tar.gz"
fi
ls -la "$out"
