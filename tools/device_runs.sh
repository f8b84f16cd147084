#!/usr/bin/env bash
# Train a list of runs side by side on a machine with a GPU, inside a fixed time, and pack what they wrote.
#
# For a copy of a sysgen checkout sent to a GPU machine that has PyTorch but cannot install sysgen (the workplace's
# device tool): run from the copy's root.
#
#   tools/device_runs.sh SECONDS COMMIT RUNS_FILE [BENCH_CONFIG ...]
#
# SECONDS    wall-clock budget for the training runs; runs still going then are stopped (their logs and periodic
#            evaluations are kept, marked unfinished by the missing result.json)
# COMMIT     the 40-hex-digit commit the copy was made from, recorded as the runs' `commit` (git metadata that came
#            along with the copy can be older than its files)
# RUNS_FILE  one run per line, `NAME ARGS...`: `sysgen train ARGS... --run-dir device_runs/NAME`; '#' starts a comment
# BENCH_CONFIG  configurations to benchmark first on the quiet GPU (`sysgen bench train --config C`, then with
#            `--bf16 false`), each JSON line kept in bench.jsonl
#
# Writes three files to $OUT (else ./device_out): env.txt (GPU, driver, torch), bench.jsonl and runs.tar.gz (device_runs/
# without checkpoints, with each command's output in device_runs/_logs/). Wheels in .whl/ (a package the machine lacks,
# e.g. fastcore) are installed first. DEVICE=cpu tries the script on a machine without a GPU.
set -u
if [ $# -lt 3 ]; then sed -n '2,/^set -u/p' "$0" | grep '^#'; exit 2; fi
budget=$1; commit=$2; list=$3; shift 3
case "$budget" in ''|*[!0-9]*) echo "device_runs.sh: SECONDS must be a whole number, got '$budget'" >&2; exit 2;; esac
[[ $commit =~ ^[0-9a-f]{40}$ ]] || { echo "device_runs.sh: COMMIT must be 40 hex digits (git rev-parse HEAD), got '$commit'" >&2; exit 2; }
[ -f "$list" ] || { echo "device_runs.sh: RUNS_FILE '$list' does not exist" >&2; exit 2; }
out=${OUT:-$PWD/device_out}; logs=device_runs/_logs; dev=${DEVICE:-cuda}; mkdir -p "$out" "$logs"
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH=/tmp/site
fi
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} SYSGEN_COMMIT=$commit PYTHONUNBUFFERED=1
sysgen() { python3 -c 'import sys; from sysgen.cli import main; main(sys.argv[1:])' "$@"; }

{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1; echo "cpus $(nproc --all)"
  python3 -c 'import torch, platform; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU", "python", platform.python_version())'
} > "$out/env.txt" 2>&1
cat "$out/env.txt"

# a smoke test first: a broken GPU path should cost seconds, not the budget
rm -rf /tmp/smoke
sysgen train --config tiny --device "$dev" --quiet --run-dir /tmp/smoke > "$logs/smoke.log" 2>&1 \
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
  sysgen train $args --quiet --device "$dev" --run-dir "device_runs/$name" > "$logs/$name.log" 2>&1 &
  pids+=($!); echo "started $name: sysgen train $args"
done < "$list"
while [ $(( $(date +%s) - start )) -lt "$budget" ]; do
  alive=0; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
  [ $alive = 0 ] && break
  sleep 5
done
for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null
echo "training took $(( $(date +%s) - start )) s"
for d in device_runs/[!_]*/; do echo "$(basename "$d"): $([ -f "$d/result.json" ] && echo finished || echo stopped)"; done
tar czf "$out/runs.tar.gz" --exclude=ckpt.pt device_runs
ls -la "$out"
