"""Nothing of the machine that builds the docs reaches a public page.

nbdev renders every exported signature with its default values, so a default such as `environ=os.environ` prints the
whole environment of the build machine (and, on a CI runner, any token it holds) into the API docs. Always: every
exported function and method of `sysgen` has only plain defaults (None, numbers, strings, booleans, tuples of them, or
small frozen configurations whose repr holds nothing of the machine). The built pages themselves are checked by
tests/test_site.py (`test_no_leaks`) with the patterns below.
"""
import dataclasses, importlib, inspect, os, pkgutil, re

import sysgen

PLAIN = (type(None), type(...), bool, int, float, str)   # ... (Ellipsis): a "no default given" sentinel

# what a built page must never contain: an environment dump, an absolute path of a home, root or temporary directory,
# or a string shaped like a credential (GitHub, PyPI, AWS, Slack, OpenAI-style keys, bearer tokens)
LEAKS = re.compile("|".join([
    r"environ\(",
    r"(?<![\w.~-])/(?:root|tmp|home/[\w.-]+|Users/[\w.-]+|var/folders)/",
    r"\bgh[pousr]_[A-Za-z0-9]{30,}", r"\bgithub_pat_[A-Za-z0-9_]{30,}", r"\bpypi-[A-Za-z0-9_-]{40,}",
    r"\bAKIA[0-9A-Z]{16}\b", r"\bxox[abposr]-[A-Za-z0-9-]{10,}", r"\bsk-[A-Za-z0-9]{32,}",
    r"\b[Bb]earer\s+[A-Za-z0-9._~+/-]{20,}=*"]))


def plain(value) -> bool:
    "A default whose printed form says nothing about the machine: plain values, tuples of them, frozen dataclasses of them."
    if isinstance(value, PLAIN): return True
    if isinstance(value, (tuple, frozenset)): return all(plain(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return value.__dataclass_params__.frozen and all(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    return repr(value) in ("torch.float32", "torch.bfloat16")   # a dtype prints as its name


def exported_callables():
    for info in pkgutil.iter_modules(sysgen.__path__):
        if info.name.startswith("_"): continue
        module = importlib.import_module(f"sysgen.{info.name}")
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if isinstance(obj, type): yield from ((f"{info.name}.{name}.{k}", v) for k, v in vars(obj).items() if callable(v))
            elif callable(obj): yield f"{info.name}.{name}", obj


def live_defaults():
    "(callable, parameter, printed default) for every default of an exported signature that is not plain."
    out = []
    for where, f in exported_callables():
        try: params = inspect.signature(f).parameters.values()
        except (TypeError, ValueError): continue
        out += [(where, p.name, repr(p.default)[:80]) for p in params
                if p.default is not inspect.Parameter.empty and not plain(p.default)]
    return out


def test_no_live_defaults_in_exported_signatures():
    bad = [x for x in live_defaults() if not x[2].startswith("<factory>")]   # a dataclass field's default_factory
    assert not bad, "exported signatures whose defaults the docs would print (read them inside the function): " + repr(bad)


def test_the_checks_catch_what_they_should():
    def f(environ=os.environ, measure=print, x=1, y=(1, "a"), z=None): pass
    assert [p for p in inspect.signature(f).parameters.values() if not plain(p.default)][0].name == "environ"
    assert not plain(print) and plain(("a", 1.0)) and not plain({"a": 1})
    for text in ["code_commit(root, environ=environ({'HOME': ...}))", "see /root/.cache/x", "in /tmp/ci/run",
                 "/home/alice/sysgen", "token ghp_" + "a" * 36, "Authorization: Bearer " + "abc123" * 5]:
        assert LEAKS.search(text), text
    for text in ["results/runs/baby4-c8-s0/", "sysgen/io.py", "`SYSGEN_RUNS=DIR`", "http://127.0.0.1:8000/tmp.html",
                 "~/tmp/", "a task-bearer of news", "nbs/paper.ipynb#sec-split", "os.environ"]:
        assert not LEAKS.search(text), text
