"""Freeze the outcomes of the rules registered before the verdict corrections, as data.

Before the corrections (rules intervals_v2, machines_v2, draws_v2, ceiling, prospective, ...), every check was decided
by a hand-written rule per kind (`sysgen.judges` at this commit). The corrected rules judge with the typed checks of
`sysgen.checks`; the old rules are kept only to show, beside each corrected reading of a run that predates the
corrections, what the rule registered then said. Those runs are all in, so those outcomes are fixed: this tool computes
them once, on the committed runs of every recipe, and writes results/registered-outcomes.json with the commit that
computed them. The judges that computed them then leave the package; check out that commit to recompute.

Usage: python tools/freeze_registered.py [--check]
"""
import argparse
import json
import math
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "registered-outcomes.json"


def _plain(v):
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "item"):
        return _plain(v.item())
    return v


def key(check) -> str:
    "A check's key in the file: its id, and its points where it has them (a registered question's checks share an id)."
    return f"{check['id']} {json.dumps(check['points'], sort_keys=True)}" if "points" in check else check["id"]


def registered_stat(check, frame, config, root=None):
    "(the registered rule's Outcome of `check` before its notes, the run directories it read): judge_check's start."
    import pandas as pd
    from sysgen.checks import Magnitude, kind_of
    from sysgen.judges import JUDGES, _widened, judge_magnitude, judge_recipe_equivalence
    from sysgen.registry import check_arms, chose_recipe
    kind = kind_of(check)
    chosen = chose_recipe(check, config)
    judged, every = check, bool(chosen) and not ("points" in check and len(chosen) < len(check["points"]))
    if chosen and not every:
        judged = {**check, "points": [p for p in check["points"] if p not in chosen]}
    if kind.across_recipes:
        out, arms = judge_recipe_equivalence(judged, root)
    else:
        arms = check_arms(judged, frame, config)
        judged, widen, _ = _widened(judged, arms, root)
        out = judge_magnitude(judged, frame, config, widen) if kind is Magnitude else JUDGES[kind](judged, frame, config)
    runs = pd.concat([r for _, r in arms]) if any(len(r) for _, r in arms) else frame.iloc[:0]
    dirs = sorted({Path(d).name for d in runs["run_dir"]}) if len(runs) else []
    return out, dirs


def freeze() -> dict:
    from sysgen.registry import load_registry, question_checks, runs_frame
    from sysgen.results import load_results, results_frame
    from sysgen.io import runs_root
    from sysgen.store import RunDir
    root = runs_root()
    done = [d for d in sorted(root.iterdir()) if RunDir(d).has("result")]
    recipes = sorted(set(results_frame(load_results(done))["name"]))
    checks = ([c for c in load_registry()["checks"] if not c.get("superseded_by")]
              + question_checks("draws") + question_checks("shift"))
    assert len({key(c) for c in checks}) == len(checks), "two checks share a key"
    out = {}
    for recipe in recipes:
        frame, mine = runs_frame(None, recipe), {}
        for c in checks:
            o, dirs = registered_stat(c, frame, recipe)
            mine[key(c)] = dict(status=o.status, detail=o.detail, verdict=o.verdict,
                                 numbers={k: _plain(v) for k, v in (o.numbers or {}).items()}, runs=dirs)
        out[recipe] = mine
        print(f"{recipe}: {len(mine)} checks", file=sys.stderr)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return {"about": ("The outcome of every registered check under the rules registered before the verdict "
                      "corrections, per recipe, on the runs it read (`runs`). Shown beside the corrected reading only "
                      "while a check's runs are these; runs added later are judged by the corrected rules alone. "
                      "Computed by tools/freeze_registered.py at `commit`, whose sysgen.judges held those rules."),
            "commit": commit, "computed": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "recipes": out}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="recompute and compare with the committed file; write nothing")
    a = ap.parse_args()
    new = freeze()
    if a.check:
        old = json.loads(OUT.read_text())
        same = old["recipes"] == json.loads(json.dumps(new["recipes"]))
        print("same" if same else "differs")
        sys.exit(0 if same else 1)
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(new, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}")
