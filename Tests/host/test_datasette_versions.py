"""Which Datasette the plugin serves: the 0.65 line, and not 1.0's alphas (`pip install --pre datasette`), whose
canned_queries and get_metadata hooks are gone (stored queries replace them). The requirement says so, pip then
keeps a --pre install on 0.65 (scripts/install-test resolves one), and under a 1.0 Datasette started anyway the
plugin warns at start instead of serving 404s."""
import importlib.metadata
import logging

import datasette
import pytest
from packaging.requirements import Requirement

import datasette_switchboard


def requirement():
    return next(Requirement(line) for line in importlib.metadata.requires("datasette-switchboard")
                if Requirement(line).name == "datasette")


def test_the_requirement_keeps_datasette_below_1():
    spec = requirement().specifier
    assert spec.contains("0.65.5") and spec.contains("0.65")
    for alpha in ("1.0a0", "1.0a41", "1.0", "1.1"):
        assert not spec.contains(alpha, prereleases=True), alpha
    assert spec.contains(datasette.__version__)  # the Datasette these tests run


@pytest.mark.parametrize("version, warned", [("0.65.5", False), ("0.64.8", False), ("1.0a41", True), ("1.0", True)])
def test_a_1_0_datasette_gets_a_warning(version, warned):
    warning = datasette_switchboard.unsupported(version)
    assert (warning is not None) == warned
    if warned:
        assert f"not {version}" in warning and "pip install 'datasette>=0.65,<1.0'" in warning


def test_startup_under_0_65_says_nothing(caplog):
    with caplog.at_level(logging.WARNING, logger="datasette_switchboard"):
        datasette_switchboard.startup(datasette=None)
    assert caplog.records == []
