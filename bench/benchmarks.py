"""Re-measure the speed figures quoted in the README and save them with their provenance.

    python bench/benchmarks.py            # a few minutes on 2 cores; run it on a quiet machine
    python bench/benchmarks.py --threads 2

Each figure is the median of `--repeats` timed runs. Results go to results/bench/benchmarks.json (and are printed),
with the runtime used (threads, CPU model and flags, torch version: `sysgen.runtime.runtime_record`). Threads default
as for every sysgen command: OMP_NUM_THREADS if set, else 1.
"""
import argparse
import json
import platform
import statistics
import time

import torch

import sysgen
from sysgen.cli import bench_render
from sysgen.evaluate import git_commit, write_json
from sysgen.runtime import choose_threads, runtime_record, torch_threads
from sysgen.train import train_benchmark


def median_of(fn, repeats, key):
    runs = [fn() for _ in range(repeats)]
    best = sorted(runs, key=lambda r: r[key])[len(runs) // 2]
    return dict(best, all=[r[key] for r in runs])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--out", default="results/bench/benchmarks.json")
    p.add_argument("--threads", type=int, default=None, help="torch threads (default: OMP_NUM_THREADS if set, else 1)")
    args = p.parse_args()
    with torch_threads(choose_threads(args.threads)) as threads:
        run(args, threads)


def run(args, threads):
    t0 = time.time()
    out = dict(config=dict(repeats=args.repeats, torch=torch.__version__, threads=threads,
                           machine=platform.processor() or platform.machine(), runtime=runtime_record("cpu", False, threads)),
               seed=0, version=sysgen.__version__, commit=git_commit(), results={})
    for size in (64, 128):
        r = median_of(lambda: bench_render(size=size, images=4000, batch=512, seed=0, threads=threads), args.repeats, "images_per_s")
        out["results"][f"render_{size}"] = dict(command=f"sysgen bench render --size {size}", **r); print(json.dumps(r))
    for name, bf16 in [("train_baby_fp32", False), ("train_baby_bf16", True), ("train_baby_auto", "auto")]:
        r = median_of(lambda: train_benchmark("baby", steps=30, warmup=5, bf16=bf16, threads=threads), args.repeats,
                      "samples_per_s")
        out["results"][name] = dict(command=f"sysgen bench train --config baby --bf16 {str(bf16).lower()}", **r)
        print(json.dumps(r))
    out["wall_seconds"] = round(time.time() - t0, 1)
    write_json(args.out, out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
