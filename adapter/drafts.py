"""What a person typed into a form and has not sent yet, kept as theirs (issue 42): a reload, a
login's redirect or a second tab finds it back in the fields, until a send goes through.

A form's fields (`st.form`) tell Streamlit nothing until the form is sent, so the browser tells
the app: the pages' head posts each text field's text as it is typed to the app's own route
(web/typed_routes.py), with the session cookie and nothing else. The app takes only the fields a
page of this person's drew as a form's (`components.form_fields.FieldNotes.start`) and whose
value is text or a number; what is kept is the person's part (adapter/person.py), expires with
them and is never more than `MAX_FIELDS` fields of `MAX_CHARS` characters.

- `FIELDS_PART`: the fields this person's pages drew, by the name the browser knows them by
  (Streamlit's `st-key-…` class), with the widget's key and the kind of its value;
- `TYPED_PART`: `typed` (key -> text as typed) and `sent` (key -> the text of its last send
  that went through: a post of the same text arriving after the send is no new draft).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import streamlit as st

import adapter.person
from adapter.stores import stores
from components.form_fields import FIELDS_DRAWN, FIELDS_SENT, TYPED_KEPT

FIELDS_PART = "form_fields"
TYPED_PART = "form_typed"
MAX_FIELDS = 200  # a person's fields kept, the latest drawn first (a draft's fields are by its id)
MAX_CHARS = 20_000  # the longest text field a form takes is 5,000 characters (services/contract.py)
KINDS = {"str": str, "int": int, "float": float}
FIELDS_KEPT = "form_fields_kept"  # the fields this session last wrote to FIELDS_PART


def browser_name(key: str) -> str:
    """The field's name in the page: Streamlit's class `st-key-<name>` on a keyed widget."""
    return re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def take_up() -> None:
    """A new session of the person: what they typed and did not send, each value of its field's
    kind, waiting for the form's `FieldNotes.start` to put it back in its field."""
    fields = dict(adapter.person.get(FIELDS_PART) or {})
    kinds = {key: kind for key, kind in fields.values()}
    typed = (adapter.person.get(TYPED_PART) or {}).get("typed") or {}
    values = {key: _of_kind(text, kinds.get(key)) for key, text in typed.items()}
    st.session_state[TYPED_KEPT] = {key: value for key, value in values.items() if value is not None}
    st.session_state[FIELDS_KEPT] = fields


def keep() -> None:
    """After a run: the fields its forms drew (so the browser's posts of them are taken), and the
    drafts of the forms whose send went through, forgotten."""
    drawn = {browser_name(key): [key, kind] for key in st.session_state.get(FIELDS_DRAWN) or ()
             if (kind := type(st.session_state.get(key)).__name__) in KINDS}
    kept = st.session_state.setdefault(FIELDS_KEPT, {})
    if any(kept.get(name) != field for name, field in drawn.items()):
        st.session_state[FIELDS_KEPT] = adapter.person.update(FIELDS_PART, lambda now: _latest({**(now or {}), **drawn}))
    sent = st.session_state.pop(FIELDS_SENT, None)
    if sent:
        adapter.person.update(TYPED_PART, lambda now: _forgotten(now, sent))


def typed_in_browser(person_id: str, posted: Any) -> int:
    """The texts a browser posted (name -> text) as the person's drafts, of the fields their pages
    drew; how many were taken."""
    if not isinstance(posted, Mapping):
        return 0
    people = stores().people
    fields = people.get(person_id, FIELDS_PART) or {}
    texts = {fields[name][0]: text for name, text in posted.items()
             if name in fields and isinstance(text, str) and len(text) <= MAX_CHARS}
    if texts:
        people.update(person_id, TYPED_PART, lambda now: _with_typed(now, texts))
    return len(texts)


def _with_typed(now: Any, texts: Mapping[str, str]) -> dict:
    record = dict(now or {})
    typed, sent = dict(record.get("typed") or {}), record.get("sent") or {}
    for key, text in texts.items():
        if text and sent.get(key) != text:
            typed[key] = text
        else:  # emptied, or the send's own text arriving after the send
            typed.pop(key, None)
    return {**record, "typed": typed}


def _forgotten(now: Any, sent: Mapping[str, Any]) -> dict:
    record = dict(now or {})
    typed = dict(record.get("typed") or {})
    said = {key: typed.pop(key) for key in sent if key in typed}
    # The text sent, as the browser had it: the last post of the send's own text may come after.
    texts = {key: _text(value) for key, value in sent.items()}
    return {"typed": typed, "sent": {**texts, **said}}


def _latest(fields: dict) -> dict:
    return dict(list(fields.items())[-MAX_FIELDS:])


def _text(value: Any) -> str:
    """A sent value as its field's text in the browser (a number box shows 150000, not 150000.0)."""
    if value is None:
        return ""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _of_kind(text: Any, kind: str | None) -> Any | None:
    """A field's typed text as its widget's value (None when it is not one: a number box's "abc")."""
    if not isinstance(text, str) or kind not in KINDS:
        return None
    if kind == "str":
        return text
    try:
        number = float(text.replace(",", "").replace("$", "").strip())
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    return int(number) if kind == "int" and number.is_integer() else number if kind == "float" else None
