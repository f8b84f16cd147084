"""Install sysgen from settings.ini (nbdev 2 layout: settings.ini says why there is no pyproject.toml).

nbdev 2's template setup.py imports `pkg_resources` to compare versions; setuptools no longer ships it (setuptools
84, say, has no `pkg_resources`), so this one uses only setuptools and the standard library.
"""
import shlex
from configparser import ConfigParser

import setuptools

config = ConfigParser(delimiters=["="])
config.read("settings.ini", encoding="utf-8")
cfg = config["DEFAULT"]

for key in "version description keywords author author_email".split():
    assert key in cfg, f"settings.ini is missing `{key}`"

licenses = {"apache2": ("Apache Software License 2.0", "OSI Approved :: Apache Software License")}
statuses = ["1 - Planning", "2 - Pre-Alpha", "3 - Alpha", "4 - Beta", "5 - Production/Stable"]
py_versions = "3.10 3.11 3.12".split()

requirements = shlex.split(cfg.get("requirements", ""))
dev_requirements = shlex.split(cfg.get("dev_requirements", ""))
min_python = cfg["min_python"]
lic = licenses.get(cfg["license"].lower(), (cfg["license"], None))

setuptools.setup(
    name=cfg["lib_name"],
    version=cfg["version"],
    license=lic[0],
    classifiers=[
        "Development Status :: " + statuses[int(cfg["status"])],
        "Intended Audience :: " + cfg["audience"].title(),
        "Natural Language :: " + cfg["language"].title(),
        "Topic :: Scientific/Engineering :: Artificial Intelligence",
    ]
    + ["Programming Language :: Python :: " + o for o in py_versions[py_versions.index(min_python):]]
    + (["License :: " + lic[1]] if lic[1] else []),
    url=cfg.get("git_url") or None,   # empty in settings.ini until the repository has a public address
    packages=setuptools.find_packages(include=["sysgen", "sysgen.*"]),
    include_package_data=True,
    install_requires=requirements,
    extras_require={"dev": dev_requirements},
    python_requires=">=" + min_python,
    long_description=open("README.md", encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    zip_safe=False,
    entry_points={
        "console_scripts": cfg.get("console_scripts", "").split(),
        "nbdev": [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"],
    },
)
