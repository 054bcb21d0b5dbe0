"""What a person typed and did not send (adapter/drafts.py): the rules of the person's record of it."""

from __future__ import annotations

from adapter.drafts import _forgotten, _latest, _of_kind, _with_typed, browser_name


def test_a_send_forgets_the_draft_and_a_late_post_of_its_text_makes_no_new_one():
    record = _with_typed(None, {"mkt_ask_message": "Is the roof new?", "mkt_new_offer_note": "Cash"})
    record = _forgotten(record, {"mkt_ask_message": "Is the roof new?"})
    assert record["typed"] == {"mkt_new_offer_note": "Cash"}
    assert _with_typed(record, {"mkt_ask_message": "Is the roof new?"})["typed"] == {"mkt_new_offer_note": "Cash"}
    assert _with_typed(record, {"mkt_ask_message": "And the HVAC?"})["typed"]["mkt_ask_message"] == "And the HVAC?"
    assert _with_typed(record, {"mkt_new_offer_note": ""})["typed"] == {}, "an emptied field is no draft"


def test_a_number_is_put_back_as_its_boxs_kind_or_not_at_all():
    assert _of_kind("150,000", "float") == 150000.0
    assert _of_kind("3", "int") == 3 and _of_kind("3.5", "int") is None
    for text in ("abc", "nan", "inf", "1e400"):
        assert _of_kind(text, "float") is None, text
    assert _of_kind("Hello", "str") == "Hello" and _of_kind("Hello", "date") is None


def test_the_fields_are_named_as_the_page_names_them_and_bounded():
    assert browser_name("desk_edit_drf 1.title") == "desk_edit_drf-1-title"
    assert len(_latest({str(number): number for number in range(500)})) == 200


def test_a_sent_amount_is_remembered_as_its_box_shows_it():
    record = _forgotten(_with_typed(None, {"mkt_new_offer_note": "Cash"}), {"mkt_new_offer_amount": 1250000.0})
    assert record["sent"] == {"mkt_new_offer_amount": "1250000"}
    assert _with_typed(record, {"mkt_new_offer_amount": "1250000"})["typed"] == {"mkt_new_offer_note": "Cash"}
