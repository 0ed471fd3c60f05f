"""Shared fixtures: the built extension and APSW connections that load it."""
import os
import pathlib

import apsw
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXTENSION = os.environ.get("SWITCHBOARD_EXTENSION", str(ROOT / ".build" / "debug" / "libswitchboard.so"))


@pytest.fixture
def connection():
    """An in-memory APSW connection with libswitchboard loaded."""
    con = apsw.Connection(":memory:")
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    yield con
    con.close()
