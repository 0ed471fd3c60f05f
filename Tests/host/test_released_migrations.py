"""A released migration is never edited: schema/released.sha256 pins the SHA-256 of each one.

A workspace at version N has run migrations 1..N as they were when it ran them; editing one afterwards
makes two workspaces of the same version differ. A new migration is added to the list when it is
released: `cd schema && sha256sum NNNN_name.sql >> released.sha256`. Check by hand with
`cd schema && sha256sum -c released.sha256`.
"""
import hashlib

from conftest import MIGRATIONS, ROOT

PINS = ROOT / "schema" / "released.sha256"


def pinned():
    """{file name: hex digest}, from the sha256sum-format list."""
    pins = {}
    for line in PINS.read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        pins[name.lstrip("*")] = digest
    return pins


def drift(migrations, pins):
    """(edited, unpinned, removed) file names: migrations whose text no longer has its pinned digest,
    migrations not in the list, and listed ones that are gone."""
    names = {m.name for m in migrations}
    edited = [m.name for m in migrations if m.name in pins and hashlib.sha256(m.read_bytes()).hexdigest() != pins[m.name]]
    unpinned = [m.name for m in migrations if m.name not in pins]
    return edited, unpinned, sorted(set(pins) - names)


def test_every_migration_is_pinned_and_unchanged():
    edited, unpinned, removed = drift(MIGRATIONS, pinned())
    assert edited == [], f"released migrations edited (write a new migration instead): {', '.join(edited)}"
    assert unpinned == [], f"migrations missing from schema/released.sha256 (sha256sum them into it): {', '.join(unpinned)}"
    assert removed == [], f"released migrations removed: {', '.join(removed)}"


def test_an_edit_a_new_file_and_a_removal_are_each_named(tmp_path):
    copies = []
    for migration in MIGRATIONS:
        copy = tmp_path / migration.name
        copy.write_bytes(migration.read_bytes())
        copies.append(copy)
    copies[13].write_bytes(copies[13].read_bytes().replace(b"CREATE", b"CREATE ", 1))  # 0014, one space
    extra = tmp_path / "9999_new.sql"
    extra.write_text("SELECT 1;\n")
    pins = pinned()
    pins["0000_gone.sql"] = "0" * 64
    assert drift(copies + [extra], pins) == ([MIGRATIONS[13].name], ["9999_new.sql"], ["0000_gone.sql"])
