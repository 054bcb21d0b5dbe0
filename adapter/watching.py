"""This person's watches (issue 47), kept in the person's store (services/stores/person_store.py).

Whose list a run reads (`owner`):
- a person logged in to the marketplace: their account's, a part of the person store under the id
  `account:<byr_… or slr_…>` (the account's buyer id, else its organization's seller id, from
  `GET /me`, asked once per login and session), so the list follows them to another browser; the
  watches they made before logging in are added to it once (`take_over`), and leave the cookie's part;
- anyone else with the session cookie: the person's own part (adapter/person.py);
- without a cookie (AppTest, a bare script): this session's state only.

The store is a SQLite file under `.data/` on one host and the replicas' Redis with
`DEEDSCOPE_CACHE_URL` (adapter/stores.py; the issue's `DEEDSCOPE_REDIS_URL` is that one setting,
docs/contract.md). A change reads and writes the part at once, under the store's lock, so two tabs
adding at once both count. What is stored is `Watch.to_json`: ids, names, counts, dates.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from datetime import datetime, timezone
from typing import Any

import streamlit as st

import adapter.data
import adapter.marketplace
import adapter.marketplace_actions
import adapter.person
import adapter.watch_checks
from adapter.stores import stores
from mapspec.filters import DealFilters
from mapspec.markets import market_named
from mapspec.place import PlaceChoice, place_request
from services.data_api.models import CoverageMarket, InvestorProfile, Lender, Parcel, ParcelAddress, Wholesaler
from services.errors import ApiError
from services.oauth import LoginError
from watches import model, watchlist
from watches.export import ImportRefused, read_file, write_file
from watches.model import INVESTOR, LENDER, PARCEL, WHOLESALER, Seen, Watch
from watches.names import investor_name, organisation_name, parcel_name
from watches.targets import record_watch, view_watch

LOG = logging.getLogger(__name__)
PART = adapter.person.WATCHES_PART
ACCOUNT_PREFIX = "account:"
SESSION_WATCHES = "watch_list"  # without a person: this session's list (JSON, as stored)
SESSION_ACCOUNT = "watch_account"  # {"login": hash of the login's marker, "owner": "account:byr_…"}
SESSION_TAKEN_OVER = "watch_taken_over"  # the logins whose owner took the person's watches over
SAID = "watch_said"  # what the last action said, shown once


@dataclass(frozen=True)
class Owner:
    kind: str  # "account", "person" or "session"
    id: str | None

    @property
    def kept_words(self) -> str:
        return {
            "account": "Your watches are kept with your marketplace account: they follow you to another browser.",
            "person": "Your watches are kept for this browser; log in to the marketplace to take them to another.",
            "session": "Your watches are kept for this visit only (this browser sent no session cookie).",
        }[self.kind]


def owner() -> Owner:
    account = _account_owner()
    if account:
        return Owner("account", account)
    person = adapter.person.person_id()
    return Owner("person", person) if person else Owner("session", None)


def watches() -> list[Watch]:
    """The list, in the order watched."""
    who = owner()
    if who.kind == "account":
        take_over(who)
    return model.stored(_read(who))


def watched_keys() -> set[str]:
    return {watch.key for watch in watches()}


def sidebar_counts() -> tuple[int, int | None]:
    """(how many watches, how many changed since the person looked; None when it cannot be told now)."""
    listed = watches()
    if not listed:
        return 0, None
    try:
        return len(listed), adapter.watch_checks.changed_count(listed)
    except ApiError:
        return len(listed), None


# --- changes: each reads and writes the list at once --------------------------------------------------


def change(update: Callable[[list[Watch]], tuple[list[Watch], Any]]) -> Any:
    """`update(the list now) -> (the list after, what to give back)`, written under the store's lock."""
    who = owner()
    given: list[Any] = []

    def apply(value: Any) -> list[dict]:
        after, result = update(model.stored(value))
        given.append(result)
        return [watch.to_json() for watch in after]

    if who.kind == "session":
        st.session_state[SESSION_WATCHES] = apply(st.session_state.get(SESSION_WATCHES))
    else:
        stores().people.update(who.id, PART, apply)
    return given[0]


def list_change(make: Callable[[list[Watch]], watchlist.Outcome]) -> watchlist.Outcome:
    """A change of the list's rules (watches/watchlist.py), written; its outcome."""
    return change(lambda now: _kept_and_outcome(make(now)))


def _kept_and_outcome(outcome: watchlist.Outcome) -> tuple[list[Watch], watchlist.Outcome]:
    return outcome.watches, outcome


def add(watch: Watch, seen: Seen | None) -> watchlist.Outcome:
    outcome = list_change(lambda now: watchlist.add(now, watch.seen_at(seen) if seen else watch))
    say(outcome.said)
    return outcome


def stop(key: str) -> None:
    say(list_change(lambda now: watchlist.remove(now, key)).said)


def mark_seen(seen_by_key: Mapping[str, Seen]) -> None:
    change(lambda now: (watchlist.mark_all_seen(now, dict(seen_by_key)), None))


def follow(key: str, new_id: str, note: str, name: str | None = None) -> None:
    change(lambda now: (watchlist.follow(now, key, new_id, note, name), None))


def say(words: str) -> None:
    st.session_state[SAID] = words


def said() -> str | None:
    """What the last action said, once."""
    return st.session_state.pop(SAID, None)


# --- export and import ---------------------------------------------------------------------------------


def export_file() -> bytes:
    return write_file(watches(), _now())


def import_file(data: bytes) -> watchlist.Outcome:
    """The file's watches added to the list, or refused whole (`ImportRefused`'s words, nothing changed)."""
    try:
        imported = read_file(data)
    except ImportRefused as refused:
        return watchlist.Outcome(watches(), str(refused), ok=False)
    return list_change(lambda now: watchlist.merge(now, imported))


# --- what a page watches, and its button -------------------------------------------------------------


def button(watch: Watch, refused: str | None = None) -> dict:
    """What components/watch_button.py draws for `watch`: watched or not, and what a press does."""
    return {"name": watch.name, "watched": watch.key in watched_keys(), "on_watch": partial(watch_now, watch),
            "on_stop": partial(stop, watch.key), "said": said(), "refused": refused}


def view_button(place: PlaceChoice, filters: DealFilters) -> dict:
    """The Map's button: its place and filters, refused while the place does not read (a ZIP mistyped),
    or while the markets do not (the page says why)."""
    try:
        markets = adapter.data.markets()
    except ApiError:
        return button(of_view(place, filters, []), refused="The markets could not be read: try again once they are.")
    return button(of_view(place, filters, markets), refused=place_request(place, market_named(place.market, markets))[2])


def watch_now(watch: Watch) -> watchlist.Outcome:
    """Watch it, from what the free reads show now (its baseline: the next publish's news are what show)."""
    return add(watch, adapter.watch_checks.seen_now(watch))



def of_view(place: PlaceChoice, filters: DealFilters, markets: list[CoverageMarket]) -> Watch:
    """The Map's view, named by its place (a whole market by its name among `markets`) and filters."""
    names = {market.market: market.name for market in markets if market.name}
    return view_watch(place, filters, _now(), market_names=names)


def of_investor(profile: InvestorProfile) -> Watch:
    name = investor_name(profile.display_name, profile.name, profile.market)
    return record_watch(INVESTOR, profile.id, name, _now())


def of_parcel(property_id: str, parcel: Parcel | None) -> Watch:
    """A property, named by its address (by its city and ZIP where the address is held back)."""
    address = (parcel.address if parcel else None) or ParcelAddress()
    line = " ".join(part for part in (address.line, address.unit) if part)
    return record_watch(PARCEL, property_id, parcel_name(line, address.city, address.zip), _now())


def of_lender(lender: Lender) -> Watch:
    return record_watch(LENDER, lender.id, organisation_name(None, lender.name, "A lender"), _now())


def of_wholesaler(profile: Wholesaler) -> Watch:
    return record_watch(WHOLESALER, profile.id, organisation_name(profile.display_name, profile.name, "A wholesaler"), _now())


# --- whose list -------------------------------------------------------------------------------------------


def _read(who: Owner) -> Any:
    if who.kind == "session":
        return st.session_state.get(SESSION_WATCHES)
    return stores().people.get(who.id, PART)


def _account_owner() -> str | None:
    """`account:<id>` of the marketplace account logged in, asked of `GET /me` once per login."""
    try:
        tokens = adapter.marketplace.marketplace_tokens()
    except Exception as error:  # noqa: BLE001 - the login store away: the person's own list meanwhile
        LOG.warning("the marketplace login could not be read for the watches (%s)", type(error).__name__)
        return None
    if tokens is None:
        return None
    login = _login_marker()
    known = st.session_state.get(SESSION_ACCOUNT)
    if isinstance(known, dict) and known.get("login") == login:
        return known.get("owner")
    try:
        account = adapter.marketplace_actions.me()
    except (ApiError, LoginError) as error:
        LOG.warning("the marketplace account could not be read for the watches (%s)", type(error).__name__)
        return None
    account_id = (account.user and account.user.buyer_id) or (account.organization and account.organization.seller_id)
    found = ACCOUNT_PREFIX + account_id if account_id else None
    st.session_state[SESSION_ACCOUNT] = {"login": login, "owner": found}
    return found


def _login_marker() -> str:
    """Which login this is (its session cookie's hash; the session's own in AppTest): never the id itself."""
    cookie = adapter.marketplace.session_cookie() or "this session"
    return hashlib.sha256(cookie.encode()).hexdigest()[:16]


def take_over(who: Owner) -> None:
    """Once per login: the watches the person made before logging in join the account's, and leave the cookie's."""
    done = st.session_state.setdefault(SESSION_TAKEN_OVER, [])
    if who.id in done:
        return
    done.append(who.id)
    person = adapter.person.person_id()
    before = model.stored(stores().people.get(person, PART)) if person else model.stored(st.session_state.get(SESSION_WATCHES))
    if not before:
        return
    outcome = list_change(lambda now: watchlist.merge(now, before))
    if not outcome.ok:
        say("Your account's list and the watches made before you logged in would pass 50: those stay in this "
            "browser until you stop watching some of your account's.")
        return
    if person:
        stores().people.delete(person, PART)
    st.session_state.pop(SESSION_WATCHES, None)
    say(f"The watches you made before logging in are now your account's. {outcome.said}")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
