"""A form's send that went through is noted in the run that sent it (components/form_fields.py):
the person's record forgets the draft at the end of that run (adapter/drafts.py), not on a later
run a reload or a page change may never give (issue 42: a sent question came back as a draft)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def form_page() -> None:
    import streamlit as st

    from components.form_fields import FIELDS_SENT, FieldNotes

    notes = FieldNotes("ask", {})
    notes.start(["ask_text"])
    with st.form("ask"):
        st.text_input("Question", key="ask_text")
        pressed = st.form_submit_button("Send")
    if pressed:
        notes.sent()
        # What the person's record would be told if the session ended here.
        st.session_state["noted_in_the_send"] = dict(st.session_state.get(FIELDS_SENT) or {})
    st.text(f"field: {st.session_state.get('ask_text', '')!r}")


def test_the_send_notes_what_it_sent_in_its_own_run_and_the_next_run_starts_empty():
    app = AppTest.from_function(form_page, default_timeout=30).run()
    app.text_input(key="ask_text").input("Is the roof new?")
    app.button[0].click().run()
    assert app.session_state["noted_in_the_send"] == {"ask_text": "Is the roof new?"}
    app.run()
    assert app.text_input(key="ask_text").value == ""
