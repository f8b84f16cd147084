# Sourced by tools/device_runs.sh and tools/packed_runs.sh, from the root of a copy of a sysgen checkout on a machine
# that has PyTorch but cannot install sysgen: installs the wheels in .whl/ (packages the machine lacks), points Python
# at the copy, records COMMIT as the runs' commit, defines `sysgen` (the command, run from the copy) and `entry` (its
# Python code, for `python3 -c "$entry" ARGS...`), and writes $out/env.txt (GPU, driver, CPUs, torch). Needs `out`
# and `commit` set.
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH=/tmp/site
fi
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} SYSGEN_COMMIT=$commit PYTHONUNBUFFERED=1
entry='import sys; from sysgen.cli import main; main(sys.argv[1:])'
sysgen() { python3 -c "$entry" "$@"; }

{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1; echo "cpus $(nproc --all)"
  python3 -c 'import torch, platform; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU", "python", platform.python_version())'
} > "$out/env.txt" 2>&1
cat "$out/env.txt"
