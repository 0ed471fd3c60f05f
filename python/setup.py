"""Build step of switchboard-sqlite: copies the portable libswitchboard.so and queries/*.sql into the package.

The .so is $SWITCHBOARD_LIBRARY, else ../.build-portable/release/libswitchboard.so, which this step builds
with `swift build -c release --product switchboard -Xswiftc -static-stdlib --scratch-path .build-portable`
when it is missing. Nothing built is committed: the copies land in switchboard/ and are gitignored.
"""
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
BUILD = ["swift", "build", "-c", "release", "--product", "switchboard", "-Xswiftc", "-static-stdlib",
         "--scratch-path", ".build-portable"]


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


class BuildWithLibrary(build_py):
    """build_py that first copies the extension and the canned queries into the package."""

    def run(self):
        if (ROOT / "queries").is_dir():  # in the repository (an sdist already carries the copies)
            shutil.copyfile(library(), PACKAGE / "libswitchboard.so")
            (PACKAGE / "queries").mkdir(exist_ok=True)
            for old in (PACKAGE / "queries").glob("*.sql"):
                old.unlink()
            for path in sorted((ROOT / "queries").glob("*.sql")):
                shutil.copyfile(path, PACKAGE / "queries" / path.name)
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
