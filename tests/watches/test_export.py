"""The watch list's file: what Export writes reads back whole; a corrupt, foreign or damaged file is
refused in words and changes nothing (watches/export.py, watches/watchlist.py)."""

from __future__ import annotations

import json

import pytest

from mapspec.filters import DealFilters
from mapspec.place import ZIP_CODES, PlaceChoice
from watches.export import FORMAT, ImportRefused, read_file, write_file
from watches.model import INVESTOR, LENDER, MAX_WATCHES, PARCEL, Figures, Seen
from watches.targets import record_watch, view_watch
from watches.watchlist import add, follow, merge, remove

ADDED = "2026-11-27T10:00:00+00:00"
SEEN = Seen("3", "2026-10-31", Figures(120, (("2026-10", 4),), None))


def some_watches():
    return [
        view_watch(PlaceChoice("DFW", ZIP_CODES, zips="75201,75204"), DealFilters(kinds=("flip",)), ADDED, seen=SEEN),
        record_watch(INVESTOR, "inv_0123456789ab", "Acme Homes LLC", ADDED, Seen("3", "2026-10-31", Figures(12, last_on="2026-10-02"))),
        record_watch(PARCEL, "prop_" + "a" * 32, "12 Oak St, Dallas 75201", ADDED),
    ]


def test_what_export_writes_reads_back_whole():
    watches = some_watches()
    data = write_file(watches, "2026-11-27T10:00:00Z")
    assert read_file(data) == watches
    body = json.loads(data)
    assert body["format"] == FORMAT and body["version"] == 1
    assert set(body["watches"][0]) == {"kind", "target", "name", "added_at", "seen", "note"}, "nothing else is written"


def body_with(**changes):
    body = json.loads(write_file(some_watches(), "2026-11-27T10:00:00Z"))
    body.update(changes)
    return json.dumps(body).encode()


def with_watch(number: int, **changes):
    body = json.loads(write_file(some_watches(), "2026-11-27T10:00:00Z"))
    body["watches"][number - 1].update(changes)
    return json.dumps(body).encode()


@pytest.mark.parametrize(("data", "words"), [
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00", "damaged or not the file", id="corrupt-bytes"),
    pytest.param(b'{"format": "deedscope-watches", "version": 1, "watches": [', "damaged", id="cut-short"),
    pytest.param(b'{"watchlist": ["AAPL", "MSFT"]}', "made by something else", id="foreign-json"),
    pytest.param(b'[1, 2, 3]', "made by something else", id="a-list"),
    pytest.param(body_with(version=2), "newer deedscope", id="a-newer-version"),
    pytest.param(body_with(watches={"a": 1}), "no list of watches", id="no-list"),
    pytest.param(body_with(watches=[{}] * (MAX_WATCHES + 1)), f"at most {MAX_WATCHES}", id="too-many"),
    pytest.param(with_watch(2, kind="stock"), "watch 2 (Acme Homes LLC) does not read: it follows nothing", id="an-unknown-kind"),
    pytest.param(with_watch(2, target={"id": "inv_xyz"}), "investor's id is not inv_ followed by 12 hex", id="a-bad-id"),
    pytest.param(with_watch(1, target={"market": "DFW", "zip": "7520"}), "a ZIP code is 5 digits", id="a-bad-zip"),
    pytest.param(with_watch(1, target={"market": "DFW", "lat": "32.7", "lng": "-96.8", "radius": "25"}),
                 "at most 20 miles", id="a-radius-past-20-miles"),
    pytest.param(with_watch(1, target={"market": "DFW", "view": "1,2,3,4"}), "does not", id="a-camera-is-no-place"),
    pytest.param(with_watch(1, name=""), "has no name", id="no-name"),
    pytest.param(with_watch(1, seen={"version": "3", "data_end": "yesterday"}), "dates or counts", id="a-bad-date"),
    pytest.param(with_watch(1, seen={"version": "3", "figures": {"count": -4}}), "dates or counts", id="a-negative-count"),
    pytest.param(b"x" * (600 * 1024), "far more than a watch list", id="too-large"),
])
def test_a_file_that_is_no_watch_list_is_refused_in_words(data, words):
    with pytest.raises(ImportRefused) as refused:
        read_file(data)
    assert words in str(refused.value)
    assert "Traceback" not in str(refused.value) and "KeyError" not in str(refused.value)


def test_only_the_watch_fields_are_taken():
    data = with_watch(3, target={"id": "prop_" + "a" * 32}, session="s3cret-cookie", token="tok")
    read = read_file(data)[2]
    assert "s3cret" not in json.dumps(read.to_json()) and "tok" not in json.dumps(read.to_json())


def test_the_list_holds_at_most_fifty_and_says_so():
    watches = []
    for number in range(MAX_WATCHES):
        outcome = add(watches, record_watch(LENDER, f"len_{number:012x}", f"Lender {number}", ADDED))
        assert outcome.ok
        watches = outcome.watches
    refused = add(watches, record_watch(LENDER, "len_ffffffffffff", "One more", ADDED))
    assert not refused.ok and refused.watches == watches and "50" in refused.said and "stop watching" in refused.said
    again = add(watches[:3], watches[0])
    assert again.watches == watches[:3] and again.said.startswith("Already watching")


def test_merge_adds_what_is_missing_or_refuses_whole():
    mine = some_watches()[:2]
    merged = merge(mine, some_watches())
    assert merged.ok and merged.watches == some_watches() and merged.said == "Added 1 watch; 2 watches you already had."
    full = [record_watch(LENDER, f"len_{number:012x}", f"Lender {number}", ADDED) for number in range(MAX_WATCHES - 1)]
    refused = merge(full, some_watches())
    assert not refused.ok and refused.watches == full and "nothing was changed" in refused.said


def test_remove_and_follow():
    watches = some_watches()
    assert [w.key for w in remove(watches, watches[1].key).watches] == [watches[0].key, watches[2].key]
    followed = follow(watches, watches[1].key, "inv_ba9876543210", "now under a new record")
    assert followed[1].record_id == "inv_ba9876543210" and followed[1].note == "now under a new record"
    twice = follow([*watches, record_watch(INVESTOR, "inv_ba9876543210", "Acme", ADDED)], watches[1].key,
                   "inv_ba9876543210", "x")
    assert len(twice) == 3, "following to a record already watched leaves one watch of it"
