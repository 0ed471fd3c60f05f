"""Build step of switchboard-sqlite: copies the portable libswitchboard.so and queries/*.sql into the package,
writes catalog.json, the queries' headers as the switchboard CLI parses them (`switchboard queries
--format json`), which the package reads instead of the headers, and THIRD_PARTY_NOTICES, what the .so
bundles (scripts/notices).

In the repository, the .so is $SWITCHBOARD_LIBRARY, else ../.build-portable/release/libswitchboard.so, which
this step builds with `scripts/build-portable switchboard` (swift build -c release -Xswiftc -static-stdlib ...,
into .build-portable) when it is missing. The CLI is $SWITCHBOARD_CLI, else ../.build/debug/switchboard-cli,
which this step brings up to date with `swift build --product switchboard-cli` (it carries queries/ inside, so
an old one would describe old queries); the catalog must describe exactly the copied files. Nothing built is
committed: the copies land in switchboard/ and are gitignored.

The sdist carries what building the .so needs under swift/ (Package.swift, Sources, Plugins, schema, queries,
reports, the test targets' sources that Package.swift names, scripts/build-portable), and the package's
queries/, catalog.json and THIRD_PARTY_NOTICES as built: building a wheel from it runs
swift/scripts/build-portable, which needs a Swift toolchain (6.1+) and libsqlite3-dev.
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
from setuptools.command.sdist import sdist

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE = HERE / "switchboard"
IN_REPOSITORY = (HERE.parent / "Package.swift").exists()
ROOT = HERE.parent if IN_REPOSITORY else HERE / "swift"  # the Swift package: the repository, or the sdist's copy
PORTABLE = ROOT / ".build-portable" / "release" / "libswitchboard.so"
BUILD = [str(ROOT / "scripts" / "build-portable"), "switchboard"]
CLI = ROOT / ".build" / "debug" / "switchboard-cli"
BUILD_CLI = ["swift", "build", "--product", "switchboard-cli"]
NOTICES = HERE / "THIRD_PARTY_NOTICES"
# What the sdist carries of the repository under swift/: the files in these that git tracks or would (not ignored):
# building the .so needs the package, and SwiftPM reads every target's folder that Package.swift names, the test
# targets' too.
SWIFT_PACKAGE = ["Package.swift", "Sources", "Plugins", "schema", "queries", "reports", "scripts/build-portable",
                 "scripts/portable", "LICENSE"] + [f"Tests/{name}" for name in (
                     "CLITests", "FuzzInput", "SQLShellTests", "SwitchboardCoreTests", "SwitchboardDBTests",
                     "SwitchboardInputTests", "SwitchboardOutputTests", "SwitchboardSQLiteTests", "TestSupport")]


def library():
    """The .so to bundle, building the portable one if needed."""
    given = os.environ.get("SWITCHBOARD_LIBRARY")
    if given:
        return pathlib.Path(given)
    if not PORTABLE.exists():
        if not (ROOT / "Package.swift").exists():
            sys.exit("switchboard-sqlite: building from source needs the Swift package (the repository, or the sdist's "
                     "swift/ folder); install the wheel, or run pip install ./python in a clone")
        if shutil.which("swift") is None:
            sys.exit("switchboard-sqlite: building from source needs a Swift toolchain (6.1+, https://swift.org/install) "
                     "and libsqlite3-dev; or install the wheel")
        subprocess.run(BUILD, cwd=ROOT, check=True)
    return PORTABLE


def write_notices():
    """THIRD_PARTY_NOTICES: what the .so bundles (bundled.txt), by the repository's scripts/notices."""
    notices = subprocess.run([sys.executable, str(ROOT / "scripts" / "notices"), "extension"], capture_output=True,
                             text=True)
    if notices.returncode != 0:
        sys.exit(notices.stderr.strip())
    NOTICES.write_text(notices.stdout, encoding="utf-8")


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


def copy_queries():
    """queries/*.sql into the package, and catalog.json, which describes them."""
    (PACKAGE / "queries").mkdir(exist_ok=True)
    for old in (PACKAGE / "queries").glob("*.sql"):
        old.unlink()
    files = sorted((ROOT / "queries").glob("*.sql"))
    for path in files:
        shutil.copyfile(path, PACKAGE / "queries" / path.name)
    (PACKAGE / "catalog.json").write_text(catalog(files), encoding="utf-8")


class BuildWithLibrary(build_py):
    """build_py that first copies the extension into the package; in the repository also the canned queries and
    the catalog (an sdist carries them as built)."""

    def run(self):
        shutil.copyfile(library(), PACKAGE / "libswitchboard.so")
        if IN_REPOSITORY:
            copy_queries()
        super().run()


class SdistWithSwiftPackage(sdist):
    """sdist that carries the queries and the catalog as built, and the Swift package under swift/."""

    def run(self):
        if not IN_REPOSITORY:
            sys.exit("switchboard-sqlite: an sdist is made in the repository (python -m build --sdist python)")
        copy_queries()
        super().run()

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *SWIFT_PACKAGE],
                                cwd=HERE.parent, capture_output=True, check=True).stdout.decode().split("\0")
        resolved = ["Package.resolved"] if (HERE.parent / "Package.resolved").exists() else []
        for name in [name for name in listed if name and (HERE.parent / name).is_file()] + resolved:
            target = pathlib.Path(base_dir) / "swift" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE.parent / name, target)


class PlatformWheel(bdist_wheel):
    """A py3-none-<platform> wheel: the .so is no Python extension module, so any Python 3 can use it."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


if IN_REPOSITORY:
    write_notices()
setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel, "sdist": SdistWithSwiftPackage},
      distclass=BinaryDistribution)
