"""The README's result tables, generated from the committed result files (never typed by hand).

    python tools/results_tables.py            # print the tables
    python tools/results_tables.py --write    # replace the block between the markers in README.md
    python tools/results_tables.py --check    # exit 1 if README.md's block differs from the result files

The block sits between `<!-- results:begin -->` and `<!-- results:end -->` in README.md.
"""
import argparse
import json
import sys
from pathlib import Path

from sysgen.results import runs_markdown
from sysgen.sweep import compare, experiment_frame
from sysgen.train import EARLIER_RECIPES, RECIPE
from sysgen.verdicts import verdicts_table

ROOT = Path(__file__).resolve().parents[1]
RECIPES = (RECIPE, *EARLIER_RECIPES)           # the current recipe first, then the earlier ones, newest first
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
RULES = ("Each experiment has two verdicts. *Direction*: a check holds only when its 95 % interval over at least 3 seeds lies on "
         "the claimed side (fewer seeds leave it undecided); an experiment is *reproduced* when every planned run has 3 seeds and "
         "every check holds, *contradicted* when some check fails on its interval, and otherwise *partly reproduced* or "
         "*undecided* (*confirmed* and *partly confirmed* where the paper published no numbers); ✓ hold, ✗ fail, ? undecided. "
         "*Magnitude*: for every number the paper published, = our 95 % interval lies within the paper's value ± 10 points (a "
         "correlation: the paper's r inside our interval over condition means), ≠ it lies wholly outside, ? neither or too few "
         "seeds; an experiment *matches*, *differs*, *partly matches* or is *undecided* by the same logic. A check of an effect "
         "under 20 points whose runs differ in precision stays undecided. Every check is committed to "
         "`preregistration/checks.json` with the commit and date that froze it; `post hoc` counts the runs a check was written "
         "after (the committed `baby` runs predate the registry, and every committed `baby4` run predates the magnitude checks). "
         "`seeds` is the fewest–most finished seeds per point, `key number` the paper's headline number for the experiment "
         "beside ours, and `mixed provenance` the judged runs that moved between devices, precisions or attention kernels "
         "(their `runtime_history`).")


def markdown(frame) -> str:
    "A pandas frame as a GitHub markdown table (no extra dependency)."
    cols = [str(c) for c in frame.columns]
    rows = [[str(v) for v in r] for r in frame.itertuples(index=False)]
    return "\n".join(["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)] + ["| " + " | ".join(r) + " |" for r in rows])


def _speed_value(r: dict) -> str:
    if "images_per_s" in r: return f"{r['images_per_s']} images/s"
    if "share" in r:                              # a per-phase profile of one training step
        parts = ", ".join(f"{k} {100 * v:.1f} %" for k, v in r["share"].items())
        return f"{r['samples_per_s']} samples/s, {r['seconds_per_step']} s/step: {parts}"
    speed = f"{r['samples_per_s']} samples/s, {r['model_gflop_per_s']} GFLOP/s"
    if r["mfu"] > 1:                              # emulated bf16: the timed matmul is no peak, the step outruns it
        return (f"{speed}, MFU not meaningful "
                f"(the timed {'bf16' if r['bf16'] else 'fp32'} matmul reached only {r['peak_gflop_per_s']} GFLOP/s)")
    return f"{speed}, MFU {r['mfu']}"


def _ratios(res: dict) -> list[str]:
    "The ratios the issue asks for, each between two figures of the same benchmark run."
    out = []
    def ratio(a, b, key, what):
        if a in res and b in res: out.append(f"- {what}: {res[a][key] / res[b][key]:.2f}× (`{a}` / `{b}`)")
    busy = [k for k in res if k.startswith("render_64_busy_threads") and not k.endswith("threads2")]
    if busy: ratio(busy[0], "render_64", "images_per_s", "renderer with one core busy, at the default threads, against quiet")
    ratio("render_64_busy_threads2", "render_64", "images_per_s", "renderer with one core busy, at 2 threads, against quiet")
    ratio("train_baby_bf16", "train_baby_fp32", "samples_per_s", "`baby` training, bf16 against fp32")
    ratio("train_baby_auto", "train_baby_fp32", "samples_per_s", "`baby` training, bf16 `auto` (what this machine chose) against fp32")
    # the recipe-keyed ratios of the newest recipe this benchmark run measured (a recipe that only trains longer than the
    # one before it, as baby4 does baby3, has the same step, so the earlier recipe's figures stand until it is measured)
    cur = next((c for c in RECIPES if f"train_{c}_default" in res or f"profile_{c}" in res), RECIPE)
    ratio(f"train_{cur}_default", f"train_{cur}_fused", "samples_per_s",
          f"`{cur}` training, the default attention kernel (`auto`: math on a CPU) against torch's fused kernel")
    ratio("hue_128_chunked", "hue_128_one_pass", "images_per_s", "hue intervention on 64 images of 128 px, in chunks against one pass")
    ratio(f"profile_{cur}_hue", f"profile_{cur}", "samples_per_s",
          f"`{cur}` training step on real scenes with the hue intervention (h = 0.5) against without")
    ratio(f"train_{cur}_compiled", f"train_{cur}_default", "samples_per_s",
          f"`{cur}` training through `torch.compile` against the same step without it")
    ratio(f"train_{cur}_default", f"train_{cur}_fp32", "samples_per_s",
          f"`{cur}` training, the default precision (`auto`) against fp32")
    def precision(k): return res.get(k, {}).get("runtime", {}).get("precision", "precision not recorded")
    for cfg in RECIPES:                           # every later recipe against the first, `baby`; `baby` pins bf16, so
        if cfg != "baby":                         # each side's precision is named: where `auto` picks fp32 they differ
            ratio(f"train_{cfg}_default", "train_baby_default", "samples_per_s",
                  f"training samples/s, `{cfg}` against `baby` (each with its defaults: "
                  f"{precision(f'train_{cfg}_default')} against {precision('train_baby_default')})")
    return out


def speed_record(path: Path) -> str:
    "One benchmark record (one machine, one `python bench/benchmarks.py` run): its table, ratios and provenance."
    b = json.loads(path.read_text())
    lines = ["| benchmark | command | median | runs |", "|---|---|---|---|"]
    for name, r in b["results"].items():
        lines.append(f"| {name} | `{r['command']}` | {_speed_value(r)} | {', '.join(str(x) for x in r['all']) if 'all' in r else '—'} |")
    rt = b["config"].get("runtime", {})
    cpu = (f"{rt.get('cpu', b['config'].get('machine'))}{', ' + rt['cpu_id'] if rt.get('cpu_id') else ''} "
           f"({', '.join(rt.get('cpu_features', [])) or 'flags not recorded'})")
    ratios = _ratios(b["results"])
    return (f"**{cpu}** (`{path.relative_to(ROOT)}`)\n\n" + "\n".join(lines)
            + ("\n\nRatios, each between two figures of the same run:\n\n" + "\n".join(ratios) if ratios else "") + (
        f"\n\n(`python bench/benchmarks.py`; version {b['version']}, commit `{b['commit'][:12]}`, "
        f"{b['config']['threads']} thread{'s' if b['config']['threads'] != 1 else ''}, {b['wall_seconds'] / 60:.0f} min.)"))


def speed() -> str:
    "Every committed benchmark record, one per machine: `benchmarks.json` first, then `benchmarks-*.json` by name."
    paths = [ROOT / "results/bench/benchmarks.json", *sorted((ROOT / "results/bench").glob("benchmarks-*.json"))]
    intro = ("Each record is one run of `python bench/benchmarks.py` on one machine (the machines differ between "
             "sessions); compare figures only inside one record.")
    return "\n\n".join([intro, *(speed_record(p) for p in paths if p.exists())])


def baby() -> str:
    "The baby-configuration search (results/baby): one row per run, its changes from today's `baby` configuration."
    return runs_markdown(sorted((ROOT / "results/baby").iterdir()), base="baby")


def block() -> str:
    root = ROOT / "results" / "runs"            # the committed runs, whatever SYSGEN_RUNS says
    parts = ["### Headline: shape accuracy (%) against the number of training colours",
             "sysgen: mean [95 % t interval] over the finished seeds (n); for a single seed, that run's Wilson interval over the "
             "words it scored; one CPU core per run, some of them in part on a lent GPU (`runtime_history` in their `result.json`); paper: [§ Published numbers](nbs/paper.ipynb#sec-numbers). The current "
             f"recipe is `{RECIPE}` (see `nbs/experiments/baby_config.ipynb`); the earlier recipes' runs "
             f"({', '.join(f'`{c}`' for c in EARLIER_RECIPES)}) stay beside it."]
    for cfg in RECIPES:
        table = compare("diversity", experiment_frame("diversity", 3, root, config=cfg), metrics=("valA.shape", "valB.shape"))
        parts += [f"**`{cfg}`**", markdown(table)]
    parts += ["### The experiments and their verdicts (see `nbs/11_verdicts.ipynb`)", RULES]
    for cfg in RECIPES:
        table = verdicts_table(3, root, config=cfg).assign(notebook=lambda f: [f"[{Path(n).stem}](nbs/{n})" for n in f["notebook"]])
        parts += [f"**`{cfg}`**", markdown(table)]
    return "\n\n".join(parts + [
        "### The baby-configuration search (`nbs/experiments/baby_config.ipynb`, runs in `results/baby/`)",
        baby(),
        "### Speed",
        speed(),
    ])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true"); p.add_argument("--check", action="store_true")
    args = p.parse_args()
    text = block()
    if not (args.write or args.check): print(text); return
    readme = (ROOT / "README.md").read_text()
    if BEGIN not in readme or END not in readme: sys.exit(f"README.md lacks the markers {BEGIN} … {END}")
    head, rest = readme.split(BEGIN, 1)
    new = head + BEGIN + "\n" + text + "\n" + END + rest.split(END, 1)[1]
    if args.check:
        if new != readme: sys.exit("README.md's result tables differ from the result files: run python tools/results_tables.py --write")
        print("README.md's result tables match the result files"); return
    (ROOT / "README.md").write_text(new); print("README.md updated")


if __name__ == "__main__":
    main()
