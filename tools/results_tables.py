"""The README's result block, generated from the committed result files (never typed by hand).

    python tools/results_tables.py            # print the block
    python tools/results_tables.py --write    # replace the block between the markers in README.md
    python tools/results_tables.py --check    # exit 1 if README.md's block differs from the result files

The block sits between `<!-- results:begin -->` and `<!-- results:end -->` in README.md: the headline box and the
table of experiments that the home page shows, made by the same functions (`sysgen.pages`), in Markdown.
"""
import argparse
import sys
from pathlib import Path

from sysgen.pages import markdown, overview, result_box
from sysgen.verdicts import verdicts_table

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
RULES = ("Each experiment has two verdicts, each from checks committed to `preregistration/checks.json` before the runs they "
         "judge (a check registered after a run judges it post hoc, and the table says so). *Direction*: a check holds when "
         "its 95 % interval over at least 3 seeds lies on the claimed side; an experiment is *reproduced* when every planned "
         "run has 3 seeds and every counted check holds, *contradicted* when one fails, else *partly reproduced* or "
         "*undecided*. *Magnitude*: a check matches when our interval lies inside a band around the paper's number (a level "
         "± 10 points, an effect ± half of it, r ± 0.25) and differs when it lies wholly outside. A check counts only when its "
         "simulated false-alarm rate at its n is at most 5 % and its effect can fit between the baseline and 0 or 100 % "
         "([how often each rule is wrong](nbs/11_verdicts.ipynb#sec-error-rates)); the others are shown, not counted.")


def block() -> str:
    root = ROOT / "results" / "runs"            # the committed runs, whatever SYSGEN_RUNS says
    table = verdicts_table(3, root)             # each experiment on the recipe whose runs of it are furthest along
    experiments = overview(root=root, link="markdown", prefix="nbs/", table=table)
    return "\n\n".join([
        result_box(root=root, fmt="markdown", table=table, prefix="nbs/"),
        f"**The experiments**, each on the recipe whose runs of it are furthest along: its key number beside the paper's "
        f"(% unless a correlation) and its two verdicts ([how verdicts are decided](nbs/11_verdicts.ipynb); "
        f"[Results](nbs/findings.ipynb) adds the earlier recipes):",
        markdown(experiments), RULES])


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
        if new != readme: sys.exit("README.md's result block differs from the result files: run python tools/results_tables.py --write")
        print("README.md's result block matches the result files"); return
    (ROOT / "README.md").write_text(new); print("README.md updated")


if __name__ == "__main__":
    main()
