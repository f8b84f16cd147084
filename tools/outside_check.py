#!/usr/bin/env python
"""Recompute four answers from the result files alone, with scipy and numpy only (none of sysgen's estimators), and
compare them with what sysgen reports (`sysgen verdicts --json`, the prediction page's skill):

- the draws answer: per palette, the one-way ANOVA over split_seed 0-2 x 3 seeds on the empirical logit;
- cross-attribute: material OOD at 216 minus 8 colours (paired by seed), and whether the paper's +9.4 can fit;
- NMI's key number: Pearson r over the NMI sweep's 9 condition means, with its Fisher-z interval;
- the prediction's skill against the 216-colour mean, over the targets whose every seed met the ID goals.

    python tools/outside_check.py          # prints each number twice and exits 1 on a disagreement
"""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from scipy import stats

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "results" / "runs"
GOALS = {"shape": 0.95, "size": 0.95, "material": 0.95, "color": 0.80}


def result(name):
    return json.loads((RUNS / name / "result.json").read_text())


def acc(name, split="valB", attr="shape"):
    return result(name)["metrics"][split][attr]


def logit(name):
    s = result(name)["scored"]["valB"]["shape"]
    return np.log((s["correct"] + 0.5) / (s["total"] - s["correct"] + 0.5))


def draws():
    out = {}
    for p, c in ((3, 27), (4, 64), (6, 216)):
        groups = [[logit(f"baby5-c{c}{'' if d == 0 else f'-split_seed{d}'}-s{s}") for s in range(3)] for d in range(3)]
        raw = np.array([[acc(f"baby5-c{c}{'' if d == 0 else f'-split_seed{d}'}-s{s}") for s in range(3)] for d in range(3)])
        p_value = stats.f_oneway(*groups).pvalue
        msb, msw = 3 * raw.mean(1).var(ddof=1), raw.var(1, ddof=1).mean()
        out[f"draws.variance_c{c}"] = dict(outcome="moves" if p_value < 0.05 / 3 else "no draw effect detected",
                                           estimate=float(np.sqrt(max(0.0, (msb - msw) / 3))))
    return out


def cross_attribute():
    a = np.array([acc(f"baby5-c8-s{s}", attr="material") for s in range(3)])
    b = np.array([acc(f"baby5-c216-s{s}", attr="material") for s in range(3)])
    at_ceiling = a.mean() + 0.094 > 1.0
    return {"cross_attribute.material_raises": dict(estimate=float((b - a).mean())),
            "cross_attribute.material_raises_magnitude_v2": dict(outcome="at ceiling: cannot test" if at_ceiling else "testable",
                                                                  estimate=float((b - a).mean()))}


def nmi_key():
    xs, ys = [], []
    for p, shared in [(8, s) for s in (0, 2, 4, 6)] + [(216, s) for s in (0, 50, 100, 150, 200)]:
        names = [f"baby5-c{p}{'' if (p, shared) in ((8, 0), (216, 200)) else f'-shared{shared}'}-s{s}" for s in range(3)]
        if (p, shared) == (8, 0): names = [f"baby5-c8-shared0-s{s}" if (RUNS / f"baby5-c8-shared0-s{s}").is_dir() else f"baby5-c8-s{s}" for s in range(3)]
        if (p, shared) == (216, 200): names = [f"baby5-c216-s{s}" for s in range(3)]
        xs.append(np.mean([json.loads((RUNS / n / "analysis.json").read_text())["nmi"]["color-shape"] for n in names]))
        ys.append(np.mean([acc(n) for n in names]))
    r = stats.pearsonr(xs, ys)
    lo, hi = r.confidence_interval(0.95)
    return {"nmi.r_own_conditions_magnitude": dict(estimate=float(r.statistic), lo=float(lo), hi=float(hi), n=len(xs))}


def prediction():
    reg = json.loads((ROOT / "preregistration" / "predictions-baby5.json").read_text())
    ref = np.mean([acc(f"baby5-c216-s{s}") for s in range(3)])
    line, const = [], []
    for t in reg["targets"]:
        names = [f"{t['run']}-s{s}" for s in range(3)]
        ok = all(result(n)["metrics"]["valA"][a] >= g for n in names for a, g in GOALS.items())
        if not ok: continue
        m = np.mean([acc(n) for n in names])
        line.append((m - t["predicted"]) ** 2); const.append((m - ref) ** 2)
    return {"prediction.skill_216": dict(estimate=float(1 - sum(line) / sum(const)) if line else float("nan"), n=len(line))}


def sysgen_says():
    out = subprocess.run([sys.executable, "-c", "from sysgen.cli import main; main()", "verdicts", "--recipe", "baby5", "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    said = {r["id"]: r for r in json.loads(out)["checks"]}
    sys.path.insert(0, str(ROOT))
    from sysgen.prediction import load_prediction, prediction_skill
    from sysgen.registry import runs_frame
    _, skill = prediction_skill(load_prediction(ROOT / "preregistration" / "predictions-baby5.json"), runs_frame(config="baby5"))
    said["prediction.skill_216"] = dict(estimate=skill["216-colour mean"]["skill"], n=skill["216-colour mean"]["targets"])
    return said


def main():
    ours = {**draws(), **cross_attribute(), **nmi_key(), **prediction()}
    said, bad = sysgen_says(), 0
    for cid, mine in ours.items():
        theirs = said.get(cid, {})
        for k, v in mine.items():
            t = theirs.get(k)
            same = (t == v) if isinstance(v, str) else (t is not None and abs(float(t) - float(v)) < 1e-6)
            if k == "outcome" and v == "testable": same = not str(t).startswith("at ceiling")
            bad += not same
            print(f"{'ok ' if same else 'NO '} {cid}.{k}: recomputed {v if isinstance(v, str) else round(float(v), 6)}, "
                  f"sysgen {t if isinstance(t, str) or t is None else round(float(t), 6)}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
