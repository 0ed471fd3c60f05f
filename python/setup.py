"""Build step of switchboard-sqlite: copies the portable libswitchboard.so and queries/*.sql into the package,
and writes catalog.json, the queries' headers as the switchboard CLI parses them (`switchboard queries
--format json`), which the package reads instead of the headers.

The .so is $SWITCHBOARD_LIBRARY, else ../.build-portable/release/libswitchboard.so, which this step builds
with `scripts/build-portable switchboard` (swift build -c release -Xswiftc -static-stdlib ..., into
.build-portable) when it is missing. The CLI is $SWITCHBOARD_CLI, else ../.build/debug/switchboard-cli, which this step
brings up to date with `swift build --product switchboard-cli` (it carries queries/ inside, so an old
one would describe old queries); the catalog must describe exactly the copied files. Nothing built is
committed: the copies land in switchboard/ and are gitignored.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
PACKAGE = HERE / "switchboard"
PORTABLE = ROOT / ".build-portable" / "release" / "libswitchboard.so"
BUILD = [str(ROOT / "scripts" / "build-portable"), "switchboard"]
CLI = ROOT / ".build" / "debug" / "switchboard-cli"
BUILD_CLI = ["swift", "build", "--product", "switchboard-cli"]


def library():
    """The .so to bundle, building the portable one if needed."""
    given = os.environ.get("SWITCHBOARD_LIBRARY")
    if given:
        return pathlib.Path(given)
    if not PORTABLE.exists():
        if not (ROOT / "Package.swift").exists() or shutil.which("swift") is None:
            sys.exit(f"switchboard-sqlite: no {PORTABLE} and no Swift toolchain to build it; set SWITCHBOARD_LIBRARY")
        subprocess.run(BUILD, cwd=ROOT, check=True)
    return PORTABLE


def cli():
    """The switchboard CLI that writes the catalog: $SWITCHBOARD_CLI, else this checkout's, built up to date."""
    given = os.environ.get("SWITCHBOARD_CLI")
    if given:
        return pathlib.Path(given)
    if shutil.which("swift") is None:
        sys.exit("switchboard-sqlite: no Swift toolchain to build the CLI that writes catalog.json; set SWITCHBOARD_CLI")
    subprocess.run(BUILD_CLI, cwd=ROOT, check=True)
    return CLI


def catalog(files):
    """`switchboard queries --format json`, checked to describe exactly `files` (the copied queries/*.sql)."""
    command = [str(cli()), "queries", "--format", "json"]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    if result.stderr:
        sys.exit(f"switchboard-sqlite: {' '.join(command)} warned: {result.stderr.strip()}")
    texts = {path.stem: path.read_text(encoding="utf-8").rstrip() for path in files}
    entries = json.loads(result.stdout)
    changed = {entry["name"] for entry in entries if not texts.get(entry["name"], entry["sql"]).endswith(entry["sql"])}
    stale = sorted((set(texts) ^ {entry["name"] for entry in entries}) | changed)
    if stale:
        sys.exit(f"switchboard-sqlite: {command[0]} describes other queries than queries/ ({', '.join(stale)}): "
                 "rebuild it, or unset SWITCHBOARD_CLI")
    return result.stdout


class BuildWithLibrary(build_py):
    """build_py that first copies the extension and the canned queries into the package, and writes the catalog.

    Outside the repository (an sdist, which leaves the built copies out: MANIFEST.in) it stops with one line
    instead of making a package without the extension."""

    def run(self):
        if (ROOT / "queries").is_dir():  # in the repository (an sdist already carries the copies)
            shutil.copyfile(library(), PACKAGE / "libswitchboard.so")
            (PACKAGE / "queries").mkdir(exist_ok=True)
            for old in (PACKAGE / "queries").glob("*.sql"):
                old.unlink()
            files = sorted((ROOT / "queries").glob("*.sql"))
            for path in files:
                shutil.copyfile(path, PACKAGE / "queries" / path.name)
            (PACKAGE / "catalog.json").write_text(catalog(files), encoding="utf-8")
        else:  # an sdist: it carries no Swift sources, so there is nothing to build the extension from
            sys.exit("switchboard-sqlite: building from source needs a Swift toolchain (6.1+) and the Switchboard "
                     "repository; install the wheel, or run pip install ./python in a clone")
        super().run()


class PlatformWheel(bdist_wheel):
    """A py3-none-<platform> wheel: the .so is no Python extension module, so any Python 3 can use it."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel}, distclass=BinaryDistribution)
