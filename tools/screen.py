"""Train one arm of a registered screening round to its screening point, then stop it there with a checkpoint.

A round's arms are listed in a plain file (e.g. results/baby/r21-arms.txt), one per line: the arm's NAME, the number of
training samples at which the round's rule reads it, then its `sysgen train` arguments. The arm trains into
results/baby/NAME and stops at the first step at or past that many samples, saving a checkpoint there as a SIGTERM
would: its periodic evaluations (log.jsonl) are what the rule reads. If the rule advances the arm, the same `sysgen
train` arguments with `--run-dir results/baby/NAME --resume` continue it to its full length, to the result it would
have reached unstopped. Running this again on an arm already at its screening point does nothing.

Usage: python tools/screen.py ARMS_FILE NAME        (from the checkout's root; one torch thread unless --threads says)
"""
import math
import signal
import sys
from pathlib import Path

from sysgen.cli_runs import train_config
from sysgen.store import RunDir
from sysgen.lifecycle import train
from sysgen.train import Callback, CheckpointCB, EvalCB, LogCB, TrainingStopped


def read_arms(path) -> dict:
    "NAME → (screening samples, sysgen train arguments) of a round's arms file (# starts a comment)."
    arms = {}
    for line in Path(path).read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if words: arms[words[0]] = (int(words[1].replace("_", "")), words[2:])
    return arms


class StopAt(Callback):
    "Asks training to stop after step `step`, as SIGTERM does: CheckpointCB saves there, and `train` raises TrainingStopped."
    def __init__(self, step: int): self.at = step
    def after_step(self, learn):
        if learn.step >= self.at: learn.stop = signal.SIGTERM


def main(arms_file: str, name: str) -> int:
    arms = read_arms(arms_file)
    if name not in arms: sys.exit(f"screen.py: no arm {name!r} in {arms_file}; its arms: {', '.join(arms)}")
    samples, argv = arms[name]
    config = train_config(argv)
    stop, run = math.ceil(samples / config.batch_size), RunDir(Path("results/baby") / name)
    if run.has("result") or (run.checkpoint_step() or 0) >= stop:
        print(f"{name}: already at or past its screening point (step {stop}): nothing to do"); return 0
    print(f"{name}: training to step {stop} of {config.steps} ({stop * config.batch_size:,} samples) in {run}", flush=True)
    try: train(config, run.path, resume=True, progress=False, callbacks=[LogCB(), EvalCB(), CheckpointCB(), StopAt(stop)])
    except TrainingStopped as e:
        if e.step < stop: print(e, file=sys.stderr); return e.exit_code   # a real signal stopped it first
        print(f"{name}: screened at step {e.step}; checkpoint in {run.ckpt_file}"); return 0
    print(f"{name}: finished all {config.steps} steps"); return 0


if __name__ == "__main__":
    if len(sys.argv) != 3: sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
