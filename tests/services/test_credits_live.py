"""Credits: the session's running total equals what the sandbox's ledger reports."""

from __future__ import annotations

import pytest

from services.data_api import DataApi
from tests.services.test_deals import small_window


def test_running_total_matches_the_remaining_balance(data_api: DataApi) -> None:
    window = small_window(data_api)
    data_api.deals.summary(**window)  # free: learns nothing about the balance necessarily
    page = data_api.deals.list(**window, limit=30)
    start = data_api.credits.remaining + data_api.credits.charged
    assert data_api.credits.charged == len(page.items), "each new deal costs 1 credit"
    data_api.deals.list(**window, limit=60)  # half of these are held already
    data_api.deals.retrieve(page.items[0].id)  # held: free, and cached
    assert data_api.credits.charged == 60
    assert data_api.credits.remaining == start - data_api.credits.charged


def test_estimate_counts_only_what_the_session_does_not_hold(data_api: DataApi) -> None:
    window = small_window(data_api)
    ids = [deal.id for deal in data_api.deals.list(**window, limit=10).items]
    later = [deal.id for deal in data_api.deals.list(**window, sort="date_asc", limit=10).items]
    fresh = [i for i in later if i not in ids]
    estimate = data_api.estimate_cost("deal", ids=ids + fresh + ["deal_" + "f" * 32])
    assert estimate == 1, "the listed deals are held; the unknown id counts 1"
    assert data_api.estimate_cost("deal", count=25) == 25
    for deal_id in ids:
        assert data_api.estimate_cost("deal", ids=[deal_id]) == 0


def test_empty_allowance_refuses_charged_reads_only(sandbox, http_client) -> None:
    from services.errors import QuotaExceededError
    from tests.services.conftest import settings_for

    with DataApi(settings_for(sandbox.url, "zpka_sandbox_empty"), http_client=http_client) as api:
        window = small_window(api)
        assert api.deals.summary(**window).n_deals > 0, "free reads still work"
        with pytest.raises(QuotaExceededError) as caught:
            api.deals.list(**window, limit=5)
    assert caught.value.status == 403 and caught.value.code == "quota_exceeded"
    assert api.credits.charged == 0


def test_a_profile_the_account_was_served_costs_nothing_in_another_session(data_api: DataApi, http_client,
                                                                          notable_ids: dict) -> None:
    """issue 16, Investors: another client of the same account over the same cache knows the profile is held."""
    from services.stores.memory import MemoryStore
    from tests.services.conftest import settings_for

    investor_id = notable_ids["top_investor_ids"][0]
    assert data_api.investors.retrieve_cost(investor_id) == 1
    data_api.investors.retrieve(investor_id)
    assert data_api.credits.charged == 1
    later = DataApi(data_api.settings, http_client=http_client, cache=data_api.cache.store)
    assert later.investors.retrieve_cost(investor_id) == 0, "its answer is kept for the account"
    later.investors.retrieve(investor_id)
    assert later.credits.charged == 0
    elsewhere = DataApi(settings_for(str(data_api.settings.api_url)), http_client=http_client, cache=MemoryStore())
    assert elsewhere.investors.retrieve_cost(investor_id) == 1, "a client that kept nothing cannot know"


def test_an_unknown_investors_profile_charges_nothing(data_api: DataApi) -> None:
    """data-api.md, Errors: a failed request charges nothing, so the profile itself tells an unknown id."""
    from services.errors import NotFoundError

    with pytest.raises(NotFoundError):
        data_api.investors.retrieve("inv_" + "0" * 12)
    assert data_api.credits.charged == 0
