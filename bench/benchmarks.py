"""Re-measure the speed figures quoted in the README and save them with their provenance.

    python bench/benchmarks.py            # a few minutes on 2 cores; run it on a quiet machine
    python bench/benchmarks.py --threads 2

Each figure is the median of `--repeats` timed runs. Results go to results/bench/benchmarks.json (and are printed);
another machine's record goes beside it with `--out results/bench/benchmarks-NAME.json` (the README shows every record),
with the runtime used (threads, CPU model and flags, torch version: `sysgen.runtime.runtime_record`). Threads default
as for every sysgen command: OMP_NUM_THREADS if set, else 1.
"""
import argparse
import json
import platform
import statistics
import time

import pandas as pd
import torch

import sysgen
from sysgen.cli_runs import bench_render
from sysgen.io import git_commit, write_json
from sysgen.runtime import choose_threads, runtime_record, torch_threads
from sysgen.recipes import LINEAGE, RECIPE, get_config
from sysgen.bench import train_benchmark


def profile_step(config: str, steps: int = 12, warmup: int = 3, threads: int = 1, **overrides) -> dict:
    "Median seconds per training step in each phase (batch preparation, masking, forward, backward, optimizer) on real scenes."
    import torch.nn.functional as F
    from sysgen.runtime import autocast, resolve_bf16
    from sysgen.text import IGNORE_INDEX, mlm_mask
    from sysgen.recipes import get_config
    from sysgen.train import Learner, batch_indices, make_splits
    import tempfile
    c = get_config(config, n_train=512, n_val=16, threads=threads, **overrides)
    splits = make_splits(c, which=("trainA",))
    learn = Learner(c, splits, tempfile.mkdtemp(), callbacks=[])
    data, bf16 = splits["trainA"], resolve_bf16(c.bf16, torch.device("cpu"))
    phases = {k: [] for k in ("batch", "mask", "forward", "backward", "optimizer")}
    for step in range(warmup + steps):
        t = [time.perf_counter()]
        idx, epoch = batch_indices(step, c.batch_size, len(data), c.seed); b = data.batch(idx, epoch); t.append(time.perf_counter())
        inputs, labels = mlm_mask(b.tokens, learn.vocab, torch.Generator().manual_seed(step), p=learn.mask_p); t.append(time.perf_counter())
        with autocast(torch.device("cpu"), bf16): logits = learn.model(b.images, inputs)
        loss = F.cross_entropy(logits.float().flatten(0, 1), labels.flatten(), ignore_index=IGNORE_INDEX); t.append(time.perf_counter())
        learn.optimizer.zero_grad(set_to_none=True); loss.backward(); t.append(time.perf_counter())
        torch.nn.utils.clip_grad_norm_(learn.raw_model.parameters(), c.grad_clip); learn.optimizer.step(); t.append(time.perf_counter())
        if step >= warmup:
            for k, a, b_ in zip(phases, t, t[1:]): phases[k].append(b_ - a)
    med = {k: statistics.median(v) for k, v in phases.items()}
    total = sum(med.values())
    return dict(config=config, bf16=bf16, threads=threads, batch_size=c.batch_size, seconds_per_step=round(total, 4),
                samples_per_s=round(c.batch_size / total, 1), share={k: round(v / total, 3) for k, v in med.items()})


def hue_speed(chunked: bool, size: int = 128, batch: int = 64, repeats: int = 15) -> dict:
    "Images/s of the hue intervention on a batch of random images: `hue_shift` (in cache-sized chunks) or one pass over the whole batch, as before chunking."
    import numpy as np
    from sysgen.hue import hue_shift, hue_shift_chunk
    images = torch.randint(0, 256, (batch, 3, size, size), dtype=torch.uint8, generator=torch.Generator().manual_seed(0))
    shifts = np.random.default_rng(0).uniform(-0.5, 0.5, batch)
    f = (lambda: hue_shift(images, shifts)) if chunked else (lambda: hue_shift_chunk(images, torch.tensor(shifts, dtype=torch.float32)))
    f()
    times = []
    for _ in range(repeats):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return dict(size=size, batch=batch, chunked=chunked, images_per_s=round(batch / statistics.median(times), 1))


def packed_vs_local(config: str = "tiny", runs: int = 4, cores: int | None = None, **overrides) -> dict:
    "Runs per hour of `runs` seeds of one grid point, whole runs (rendering, training, periodic and final evaluation, no analysis) in fresh run stores, on `cores` cores (default: all): trained packed in one process with `cores` threads (sysgen.packed), against one single-thread process per run, `cores` at a time."
    import os, shutil, tempfile
    from dataclasses import replace
    from sysgen.packed import run_packed
    from sysgen.executors import run_local
    from sysgen.sweep import Sweep, grid
    cores = cores or os.cpu_count() or 1
    configs = Sweep("bench", grid(palette=2), config=config, fixed=dict(threads=1, **overrides)).configs(runs)
    out = {}
    for name, fn in (("packed", lambda root: run_packed([replace(c, threads=cores) for c in configs], root, analyse=False, progress=False)),
                     ("one_process_per_run", lambda root: run_local(configs, root, jobs=cores, analyse=False, progress=False))):
        root = tempfile.mkdtemp()
        t = time.perf_counter(); fn(root); seconds = time.perf_counter() - t
        shutil.rmtree(root)
        out[name] = dict(seconds=round(seconds, 1), runs_per_hour=round(runs * 3600 / seconds, 1))
    return dict(config=config, overrides=overrides, runs=runs, cores=cores, **out,
                speedup=round(out["one_process_per_run"]["seconds"] / out["packed"]["seconds"], 2))


def recipe_costs(benches: dict) -> dict:
    "Per recipe (name → its `train_benchmark` record, timed in this run): steps, samples/s, precision, model GFLOP per sample, training TFLOP per run, its fraction of the current recipe's (`RECIPE`) and the minutes its training steps take here."
    base = benches[RECIPE]["tflop_per_run"] if RECIPE in benches else None
    return {name: dict(steps=get_config(name).steps, samples_per_s=b["samples_per_s"], precision="bf16" if b["bf16"] else "fp32",
                       model_gflop_per_sample=b["model_gflop_per_sample"], tflop_per_run=b["tflop_per_run"],
                       **({f"flops_vs_{RECIPE}": round(b["tflop_per_run"] / base, 3)} if base else {}),
                       minutes_per_run=b["minutes_per_run"]) for name, b in benches.items()}


def recipe_table(costs: dict) -> str:
    "`recipe_costs` as a plain-text table, a row per recipe."
    return pd.DataFrame(costs).T.rename_axis("recipe").to_string()


def busy_core():
    "A process that keeps one core busy until it is killed."
    import subprocess, sys
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def median_of(fn, repeats, key):
    runs = [fn() for _ in range(repeats)]
    best = sorted(runs, key=lambda r: r[key])[len(runs) // 2]
    return dict(best, all=[r[key] for r in runs])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--out", default="results/bench/benchmarks.json")
    p.add_argument("--threads", type=int, default=None, help="torch threads (default: OMP_NUM_THREADS if set, else 1)")
    p.add_argument("--recipes", nargs="*", default=list(dict.fromkeys([*LINEAGE, RECIPE])),
                   help="configurations to time with their defaults, to profile and to compare per run (default: every recipe of "
                        "the CPU search, oldest first)")
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
    # the oversubscription cliff: the renderer with one core kept busy by another process, at the default threads and at 2
    busy = busy_core()
    try:
        for n in (threads, 2):
            r = median_of(lambda: bench_render(size=64, images=4000, batch=512, seed=0, threads=n), args.repeats, "images_per_s")
            out["results"][f"render_64_busy_threads{n}"] = dict(command=f"sysgen bench render --size 64 --threads {n}  (one core busy)", **r)
            print(json.dumps(r))
    finally:
        busy.kill()
    for name, bf16 in [("train_baby_fp32", False), ("train_baby_bf16", True), ("train_baby_auto", "auto")]:
        r = median_of(lambda: train_benchmark("baby", steps=30, warmup=5, bf16=bf16, threads=threads), args.repeats,
                      "samples_per_s")
        out["results"][name] = dict(command=f"sysgen bench train --config baby --bf16 {str(bf16).lower()}", **r)
        print(json.dumps(r))
    for name in args.recipes:
        r = median_of(lambda: train_benchmark(name, steps=30, warmup=5, threads=threads), args.repeats, "samples_per_s")
        out["results"][f"train_{name}_default"] = dict(command=f"sysgen bench train --config {name}", **r); print(json.dumps(r))
        r = profile_step(name, threads=threads)
        out["results"][f"profile_{name}"] = dict(command=f"python bench/benchmarks.py (profile_step {name!r})", **r); print(json.dumps(r))
    # the recipes side by side: speed, FLOPs per sample and per run (sysgen.bench.flops_per_run), against the current recipe
    out["per_run"] = recipe_costs({n: out["results"][f"train_{n}_default"] for n in args.recipes})
    print(recipe_table(out["per_run"]))
    # the current recipe at fp32, with torch's fused attention kernel instead of the default (sysgen.runtime.attention_backend),
    # and through torch.compile (compiled in the warm-up steps)
    for key, command, kw in [("fp32", "--bf16 false", dict(bf16=False)), ("fused", "--attention fused", dict(attention="fused")),
                             ("compiled", "--compile", dict(compile=True))]:
        r = median_of(lambda: train_benchmark(RECIPE, steps=30, warmup=5, threads=threads, **kw), args.repeats, "samples_per_s")
        out["results"][f"train_{RECIPE}_{key}"] = dict(command=f"sysgen bench train --config {RECIPE} {command}", **r)
        print(json.dumps(r))
    # the hue intervention alone, in cache-sized chunks (sysgen.hue.hue_shift) and in one pass over the batch
    for key, chunked in (("one_pass", False), ("chunked", True)):
        r = median_of(lambda: hue_speed(chunked), args.repeats, "images_per_s")
        out["results"][f"hue_128_{key}"] = dict(command=f"python bench/benchmarks.py (hue_speed(chunked={chunked}))", **r)
        print(json.dumps(r))
    # the hue intervention's cost: the current recipe's step on real scenes with every training image's hue jittered
    r = profile_step(RECIPE, threads=threads, hue=0.5)
    out["results"][f"profile_{RECIPE}_hue"] = dict(command=f"python bench/benchmarks.py (profile_step {RECIPE!r}, hue=0.5)", **r)
    print(json.dumps(r))
    # runs per hour of a sweep trained packed in one process against one process per run (sysgen.packed), whole runs
    for key, config, kw in [("tiny", "tiny", dict(steps=200)),
                            (RECIPE, RECIPE, dict(steps=20, n_train=256, n_val=32, eval_scenes=16, eval_every=10))]:
        r = packed_vs_local(config, runs=4, **kw)
        out["results"][f"packed_vs_local_{key}"] = dict(command=f"python bench/benchmarks.py (packed_vs_local({config!r}, runs=4, **{kw}))", **r)
        print(json.dumps(r))
    out["wall_seconds"] = round(time.time() - t0, 1)
    write_json(args.out, out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
