#!/usr/bin/env bash
# Train a list of runs side by side on a machine with a GPU, inside a fixed time, and pack what they wrote.
# Its successor, tools/packed_runs.sh, trains a sweep or a list in one process as one stacked model per architecture
# (sysgen.packed), which keeps a GPU far busier than a few runs side by side.
#
# For a copy of a sysgen checkout sent to a GPU machine that has PyTorch but cannot install sysgen (the workplace's
# device tool): run from the copy's root.
#
#   tools/device_runs.sh SECONDS COMMIT RUNS_FILE [BENCH_CONFIG ...]
#
# SECONDS    wall-clock budget for the training runs; runs still going then are stopped with SIGTERM (their logs and
#            periodic evaluations are kept, marked unfinished by the missing result.json; since d581a0e a run saves a
#            checkpoint at the step it stopped, so no step is lost; older code trees lose the steps since a checkpoint)
# COMMIT     the 40-hex-digit commit the copy was made from, recorded as the runs' `commit` (git metadata that came
#            along with the copy can be older than its files)
# RUNS_FILE  one run per line, `NAME ARGS...`: `sysgen train ARGS... --run-dir device_runs/NAME`; '#' starts a comment
#            (`sysgen sweep NAME --config C --seeds S --train-args` prints a sweep's unfinished runs in this format;
#            add how they compute, e.g. `--threads 4 --bf16 false`, to each line)
# BENCH_CONFIG  configurations to benchmark first on the quiet GPU (`sysgen bench train --config C`, then with
#            `--bf16 false`), each JSON line kept in bench.jsonl
#
# Writes to $OUT (else ./device_out): env.txt (GPU, driver, torch), render_check.json (valA of baby3 at 216 colours
# rendered on the CPU and on the GPU: seconds each and how many pixels differ), bench.jsonl, runs.tar.gz (device_runs/
# without checkpoints, with each command's output in device_runs/_logs/) and ckpt-NAME.pt for each run: to resume a
# run stopped by the budget; for a finished one, the model its analysis needs (p-score, probes; not committed), without
# the optimizer's moments. A file over 16 MiB does not come back: a stopped d_model-256 run (32 MB) stays there. The
# runs render their scenes where `sysgen train` does by default (the CPU; add --render-device cuda to a run's
# arguments for the GPU). Wheels in .whl/ (a package the machine lacks, e.g. fastcore) are installed first. DEVICE=cpu
# tries the script on a machine without a GPU.
#
# The device tool copies the working tree's tracked files and what it is told to carry, 64 MiB at most. Committed
# checkpoints (a partial run's ckpt.pt, 9-31 MB each) can take the tree past that. To resume committed runs there:
#   mkdir -p device_runs && cp -r results/runs/NAME device_runs/      # each run to resume; add --resume to its line
#   git rm -q --cached $(git ls-files 'results/*ckpt.pt')              # the index only: the files stay here
#   ... run, carrying .whl and device_runs ...; then `git reset -q` gives the index back
# The script reads nothing under results/ or nbs/ (18 MB of the tree): to carry two d_model-256 checkpoints (63 MB)
# instead, `git rm -r -q --cached results nbs` and add /results/ and /nbs/ to .git/info/exclude for the call (0.7 MB
# travel beside device_runs), then `git reset -q` and take those two lines out of the exclude file again.
set -u
if [ $# -lt 3 ]; then sed -n '2,/^set -u/p' "$0" | grep '^#'; exit 2; fi
budget=$1; commit=$2; list=$3; shift 3
case "$budget" in ''|*[!0-9]*) echo "device_runs.sh: SECONDS must be a whole number, got '$budget'" >&2; exit 2;; esac
[[ $commit =~ ^[0-9a-f]{40}$ ]] || { echo "device_runs.sh: COMMIT must be 40 hex digits (git rev-parse HEAD), got '$commit'" >&2; exit 2; }
[ -f "$list" ] || { echo "device_runs.sh: RUNS_FILE '$list' does not exist" >&2; exit 2; }
out=${OUT:-$PWD/device_out}; logs=device_runs/_logs; dev=${DEVICE:-cuda}; mkdir -p "$out" "$logs"
. "$(dirname "$0")/device_env.sh"                      # wheels, PYTHONPATH, `sysgen`, env.txt

# the renderer on the GPU against the CPU, on one validation split: seconds each, and how many pixel values differ
if [ "$dev" = cuda ]; then
  python3 - "$out/render_check.json" > "$logs/render_check.log" 2>&1 <<'PY'
import json, os, sys, time, torch
from sysgen.recipes import get_config
from sysgen.dataset import scene_batch
torch.set_num_threads(8)
c, got = get_config("baby3", palette=6).dataset_config("valA"), {}
for dev in ("cpu", "cuda", "cuda"):                         # the GPU twice: the first call pays its start-up
    t = time.perf_counter(); _, images = scene_batch(c, "valA", 0, c.n("valA"), 512, device=dev); torch.cuda.synchronize()
    got.setdefault(dev, []).append((images, time.perf_counter() - t))
a, b = got["cpu"][0][0].int(), got["cuda"][1][0].int()
d = (a - b).abs()
rec = dict(split="valA", config="baby3", palette=6, scenes=len(a), image_size=c.size, cpu_threads=8,
           cpu_seconds=round(got["cpu"][0][1], 2), cuda_seconds=[round(t, 2) for _, t in got["cuda"]],
           values=d.numel(), values_differing=int((d > 0).sum()), max_abs_difference=int(d.max()),
           images_differing=int((d.flatten(1).amax(1) > 0).sum()), identical=bool(torch.equal(a, b)))
rec.update(dataset_config=c.to_dict(), seed=c.seed, commit=os.environ["SYSGEN_COMMIT"], device_name=torch.cuda.get_device_name(0),
           torch=torch.__version__)                                  # what was rendered, from which code, where
json.dump(rec, open(sys.argv[1], "w")); print(json.dumps(rec))
PY
  cat "$logs/render_check.log"
fi

# a smoke test first: a broken GPU path should cost seconds, not the budget
smoke=$(mktemp -d /tmp/smoke.XXXXXX)                 # its own: two copies of this script may run side by side
sysgen train --config tiny --device "$dev" --quiet --run-dir "$smoke/run" > "$logs/smoke.log" 2>&1 \
  || { echo "smoke test failed:"; tail -20 "$logs/smoke.log"; exit 1; }
echo "smoke test passed"

for c in "$@"; do
  for extra in "" "--bf16 false"; do
    sysgen bench train --config "$c" --device "$dev" $extra 2>>"$logs/bench.err" | tail -1 >> "$out/bench.jsonl"
  done
done
[ $# -gt 0 ] && cat "$out/bench.jsonl"

start=$(date +%s); pids=()
while read -r name args; do
  case "$name" in ''|'#'*) continue;; esac
  # python itself in the background, not the shell function: $! must be the process the budget stops (a backgrounded
  # function is a subshell, and killing it left its python training on)
  python3 -c "$entry" train $args --quiet --device "$dev" --run-dir "device_runs/$name" > "$logs/$name.log" 2>&1 &
  pids+=($!); echo "started $name: sysgen train $args"
done < "$list"
while [ $(( $(date +%s) - start )) -lt "$budget" ]; do
  alive=0; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
  [ $alive = 0 ] && break
  sleep 5
done
for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null
echo "training took $(( $(date +%s) - start )) s"
for d in device_runs/[!_]*/; do
  n=$(basename "$d")
  if [ ! -f "$d/result.json" ]; then
    echo "$n: stopped"; [ -f "$d/ckpt.pt" ] && cp "$d/ckpt.pt" "$out/ckpt-$n.pt"    # all of it, to resume
  else
    echo "$n: finished"                                        # the model its analysis (p-score) needs, without the
    # optimizer's moments, which nothing reads after the last step: a third of the size, so that a d_model-256 model
    # (32 MB in full) comes back under the device tool's 16 MiB a file
    [ -f "$d/ckpt.pt" ] && { python3 -c 'import sys, torch; s = torch.load(sys.argv[1], map_location="cpu", weights_only=True)
s["optimizer"] = {"state": {}, "param_groups": s["optimizer"]["param_groups"]}; torch.save(s, sys.argv[2])' \
      "$d/ckpt.pt" "$out/ckpt-$n.pt" || cp "$d/ckpt.pt" "$out/ckpt-$n.pt"; }
  fi
done
tar czf "$out/runs.tar.gz" --exclude=ckpt.pt device_runs
ls -la "$out"
