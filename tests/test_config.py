"""A run's configuration reads and computes as it did before issue 100 gave every field one declaration.

tests/data/config_flat.json holds, as the loader of 8a86dde (before the change) read them, the flat values of every
committed `config.json` (defaults once, then each file's differences from them: the fields a file leaves out count)
and of every recipe. tests/data/tiny_run.json holds that commit's `sysgen train --config tiny --threads 1`: its log
(time and samples/s aside), accuracies and parameter count.
"""
import json
import subprocess
import sys
from pathlib import Path

from dataclasses import fields

from sysgen.config import FLAT, SECTIONS, TrainConfig
from sysgen.recipes import CONFIGS

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = json.loads((ROOT / "tests" / "data" / "config_flat.json").read_text())


def _flat(config: TrainConfig) -> str:
    "The flat values of `config` as config.json writes them, key order and number types included."
    return json.dumps(config.flat())


def _want(diff: dict) -> str:
    return json.dumps({**EXPECTED["defaults"], **diff})


def test_every_committed_config_json_reads_as_before():
    "Each committed config.json (many leave out fields that were added later) gives the flat values it gave before."
    files = [f for f in EXPECTED["runs"] if (ROOT / f).is_file()]
    assert len(files) >= 400, f"only {len(files)} of the {len(EXPECTED['runs'])} config.json files of the fixture are here"
    bad = [f for f in files
           if _flat(TrainConfig.from_flat(json.loads((ROOT / f).read_text())["config"])) != _want(EXPECTED["runs"][f])]
    assert not bad, f"{len(bad)} config.json files read differently, e.g. {bad[:3]}"


def test_defaults_and_recipes_are_as_before():
    "The default configuration and every recipe have the flat values they had, in the same order."
    assert _flat(TrainConfig()) == _want({})
    assert list(CONFIGS) == list(EXPECTED["recipes"])
    for name, config in CONFIGS.items(): assert _flat(config) == _want(EXPECTED["recipes"][name]), name


def test_tiny_run_trains_as_before(tmp_path):
    "The tiny recipe trains to the same log (time and samples/s aside), accuracies and parameter count as before."
    run = tmp_path / "tiny"
    out = subprocess.run([sys.executable, "-c", "import sys; from sysgen.cli import main; main(sys.argv[1:])", "train",
                          "--config", "tiny", "--threads", "1", "--quiet", "--run-dir", str(run)],
                         cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    want = json.loads((ROOT / "tests" / "data" / "tiny_run.json").read_text())
    log = [{k: v for k, v in json.loads(line).items() if k not in ("time", "samples_per_s")}
           for line in (run / "log.jsonl").read_text().splitlines()]
    assert log == want["log"]
    result = json.loads((run / "result.json").read_text())
    assert (result["metrics"], result["parameters"], result["steps"]) == (want["metrics"], want["parameters"], want["steps"])


def test_every_field_is_declared_once_with_one_default():
    "TrainConfig declares only its name; each other field is one section's field, under its flat name, with that field's type and default."
    own = [f for f in fields(TrainConfig) if f.name != "name"]
    assert [f.name for f in own] == list(FLAT)
    for f in own:
        section, name = FLAT[f.name]
        declared = SECTIONS[section].__dataclass_fields__[name]
        assert (f.type, f.default) == (declared.type, declared.default), f.name
    assert [f.name for f in fields(TrainConfig.__mro__[1])] == ["name"]
    paper = CONFIGS["paper"]                                   # the paper's sizes: the paper recipe, not the sections' defaults
    assert (paper.n_train, paper.n_val, paper.image_size, paper.d_model, paper.n_layers, paper.d_ff, paper.dropout, paper.patch) == \
           (75_000, 15_000, 224, 256, 4, 2048, 0.1, 16)
    assert TrainConfig.nested(**{s: getattr(paper, s) for s in SECTIONS}, name="paper") == paper
