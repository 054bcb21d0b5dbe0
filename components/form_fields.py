"""A form's limits said under its fields before a send, and what was wrong said there after one.

Each limited field gets a slot right under it (`FieldNotes.under`): its limit in words ("At most
200 characters.") until a send finds it broken ("At most 200 characters; this is 5,000."). The
limits are `services.contract`'s (the documents' counts and formats, our lengths and ranges); a
host that refuses a field by name (`errors[].param`, `parameter`) is said under that field too, in
words made from what it states ("The marketplace takes at most 150 characters here; this is 180."),
never as "did not accept a value". What was said stays until the next send; a send that went
through starts the form empty on the next run (`sent`), a refused one keeps every field as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import streamlit as st

from components.feedback import plain_words
from services.contract import form_problems
from services.errors import FieldError

ERROR_ICON = ":material/error:"
# What a person typed and did not send outlives the session (issue 42, adapter/drafts.py): a new
# session's drafts wait under TYPED_KEPT for their form; FIELDS_DRAWN are the fields this session's
# forms drew, FIELDS_SENT those whose send went through (key -> what was sent), for the person's store.
TYPED_KEPT, FIELDS_DRAWN, FIELDS_SENT = "form_typed_kept", "form_fields_drawn", "form_fields_sent"
# A host's sentence that states a bound: "at most 200 characters", "less than or equal to 50".
_CHARACTERS = re.compile(r"(\d[\d,]*)\s+characters?", re.IGNORECASE)
_AT_LEAST = re.compile(r"\b(least|min|short)", re.IGNORECASE)
_BOUND = re.compile(r"\b(less|greater|more|fewer) than( or equal to)?\s+(-?\d[\d,]*(?:\.\d+)?)", re.IGNORECASE)
_BOUND_WORDS = {("less", False): "less than", ("less", True): "at most", ("fewer", False): "fewer than",
                ("fewer", True): "at most", ("greater", False): "more than", ("greater", True): "at least",
                ("more", False): "more than", ("more", True): "at least"}


def field_of(param: str, fields: Iterable[str]) -> str | None:
    """The form's field a host's parameter names: `criteria.zips.0` -> `zips`, `body.title` -> `title`."""
    names = set(fields)
    return next((part for part in reversed(str(param).split(".")) if part in names), None)


def host_words(message: Any, value: Any) -> str:
    """A host's refusal of one field in a person's words, from the bound it states and what was typed."""
    text = str(message or "")
    if (length := _CHARACTERS.search(text)) and isinstance(value, str):
        bound = int(length.group(1).replace(",", ""))
        most = "at least" if _AT_LEAST.search(text) else "at most"
        return f"The marketplace takes {most} {bound:,} characters here; this is {len(value):,}."
    if bound := _BOUND.search(text):
        side = _BOUND_WORDS[(bound.group(1).lower(), bool(bound.group(2)))]
        number = float(bound.group(3).replace(",", ""))
        typed = f"; this is {value:,g}" if isinstance(value, int | float) else ""
        return f"The marketplace takes {side} {number:,g} here{typed}."
    said = plain_words(text)
    return f"The marketplace did not take this: {said}" if said else \
        "The marketplace did not take this as it is: check it and send again."


def _money(value: Any) -> str | None:
    return f"${value:,.0f}" if isinstance(value, int | float) else None


def _minimum_words(error: Any) -> str:
    minimum = _money(getattr(error, "min_emd", None))
    return f"At least {minimum}, this deal's minimum." if minimum else "Less than this deal's minimum: raise it."


def _floor_words(error: Any) -> str:
    floor = _money(getattr(error, "floor", None))
    return f"At least {floor}, the lowest this seller takes." if floor else "Below the lowest the seller takes: raise it."


# Documented refusals that are about one field (marketplace-api.md, Errors), said under it in words;
# a member they carry (`min_emd`, `floor`: the sandbox's, docs/contract.md) adds its amount when sent.
CODE_FIELDS = {
    "webhook_url_refused": ("url", lambda error: "The marketplace sends only to an https address on a public host; "
                                                 "this one is not."),
    "requirement_unmet": ("emd_amount", _minimum_words),
    "below_floor": ("offer_amount", _floor_words),
}


def refused_fields(error: BaseException, values: Mapping[str, Any], fields: Iterable[str]) -> dict[str, str]:
    """What a refusal says of each field it names (`errors[]` items, `parameter`, a code about one
    field), by the form's field."""
    fields = list(fields)
    code = getattr(error, "code", None)
    if code in CODE_FIELDS and CODE_FIELDS[code][0] in fields:
        name, words = CODE_FIELDS[code]
        return {name: words(error)}
    items = list(getattr(error, "field_errors", None) or [])
    if parameter := getattr(error, "parameter", None):
        items.append(FieldError(str(parameter), getattr(error, "detail", None)))
    said: dict[str, str] = {}
    for item in items:
        name = field_of(item.param or "", fields)
        if name and name not in said:
            message = item.message
            # The client's own check (services/marketplace_api/desk_checks.py) already speaks words.
            own = getattr(error, "code", None) == "invalid_input"
            said[name] = str(message) if own and message else host_words(message, values.get(name))
    return said


class FieldNotes:
    """The slots under one form's fields (`key`), their limits (`limits`, by field) said in them."""

    def __init__(self, key: str, limits: Mapping[str, Any]) -> None:
        self.key = key
        self.limits = limits
        self._slots: dict[str, Any] = {}
        self._words: dict[str, str] = {}
        self._keys: list[str] = []  # the form's widget keys (`start`)

    @property
    def _said_key(self) -> str:
        return f"{self.key}_said"

    def start(self, widget_keys: Iterable[str]) -> None:
        """Before the form is drawn: after a send that went through, its fields start empty; in a
        new session of the person, what they typed and did not send is back in them."""
        keys = self._keys = list(widget_keys)
        st.session_state.setdefault(FIELDS_DRAWN, {}).update(dict.fromkeys(keys, self.key))
        if st.session_state.pop(f"{self.key}_sent", False):
            for widget_key in keys:
                st.session_state.pop(widget_key, None)
        kept = st.session_state.get(TYPED_KEPT) or {}
        for widget_key in keys:
            if widget_key in kept and widget_key not in st.session_state:
                st.session_state[widget_key] = kept.pop(widget_key)

    def under(self, name: str, where: Any = None, *, said: str | None = None) -> None:
        """The slot right under field `name`, drawn just after it in `where` (its column, else the
        form); `said`: what it says before a send where the field's limit says less (a deal's minimum)."""
        self._slots[name] = (where or st).empty()
        if said:
            self._words[name] = said
        self._draw(name, (st.session_state.get(self._said_key) or {}).get(name))

    def _draw(self, name: str, problem: str | None) -> None:
        slot = self._slots[name]
        limit = self.limits.get(name)
        if problem:
            slot.error(problem, icon=ERROR_ICON)
        elif name in self._words or limit is not None:
            slot.caption(self._words.get(name) or limit.said())
        else:
            slot.empty()

    def say(self, problems: Mapping[str, str]) -> None:
        """Say `problems` under their fields (and nothing under the others), until the next send."""
        st.session_state[self._said_key] = {name: words for name, words in problems.items() if name in self._slots}
        for name in self._slots:
            self._draw(name, problems.get(name))

    def check(self, values: Mapping[str, Any], extra: Mapping[str, str] | None = None) -> bool:
        """Check `values` under the limits (and the form's `extra` problems); say them; True when none."""
        problems = {**form_problems(self.limits, values), **(extra or {})}
        self.say(problems)
        return not problems

    def refused(self, error: BaseException, values: Mapping[str, Any]) -> bool:
        """Say a refusal under the fields it names; True when it named one of them."""
        problems = refused_fields(error, values, self._slots)
        if problems:
            self.say(problems)
        return bool(problems)

    def forget(self) -> None:
        """Nothing said under the fields any more (the form now answers something else)."""
        st.session_state.pop(self._said_key, None)

    def sent(self) -> None:
        """The send went through: the next run draws the form empty, nothing said under it. What
        was sent is noted now (FIELDS_SENT), not on that next run: a person who reloads or leaves
        at once would find the sent text back as a draft (a reload ends the session before it)."""
        st.session_state[f"{self.key}_sent"] = True
        sent = st.session_state.setdefault(FIELDS_SENT, {})
        for widget_key in self._keys:
            sent[widget_key] = st.session_state.get(widget_key)
        st.session_state.pop(self._said_key, None)


def text_form(form: str, limits: Mapping[str, Any], *, field: str, label: str, key: str, submit: str,
              long: bool = False, strip: bool = False) -> tuple[str, FieldNotes] | None:
    """A form of one text field (`long`: a text area), its limit said under it and what was typed kept
    until a send goes through: the text (`strip`: without the spaces around it) and the form's notes
    once sent within the limit, else None. The notes go to the write, which says a refusal of the
    field under it."""
    notes = FieldNotes(form, limits)
    notes.start([key])
    with st.form(form):
        text = (st.text_area if long else st.text_input)(label, key=key)
        notes.under(field)
        sent = st.form_submit_button(submit)
    text = text.strip() if strip else text
    if sent and notes.check({field: text}):
        return text, notes
    return None
