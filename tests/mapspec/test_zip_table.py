"""The map's ZIP table is read from the package once per machine, then from what was kept."""

from __future__ import annotations

import zipcodes

from mapspec import zip_table


def test_the_table_is_kept_and_read_back_without_the_package(tmp_path, monkeypatch):
    path = zip_table.kept_path(tmp_path)
    built = zip_table.read_or_build(path)
    assert path.exists() and len(built) > 25_000
    assert ("75201", "Dallas", "TX") == next(row[:3] for row in built if row[0] == "75201")

    def no_package_read():
        raise AssertionError("the package's table was read again")

    monkeypatch.setattr(zipcodes, "list_all", no_package_read)
    assert zip_table.read_or_build(path) == built


def test_an_unreadable_kept_table_is_built_again(tmp_path):
    path = zip_table.kept_path(tmp_path)
    path.write_bytes(b"\x00not a table")
    rows = zip_table.read_or_build(path)
    assert len(rows) > 25_000
    assert zip_table.read_or_build(path) == rows


def test_a_table_that_cannot_be_kept_is_still_read(tmp_path):
    (tmp_path / "file").write_text("")
    assert len(zip_table.read_or_build(zip_table.kept_path(tmp_path / "file"))) > 25_000
