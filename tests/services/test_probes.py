"""Probes and places: dataset, build, coverage (0 credits, no on-behalf header)."""

from __future__ import annotations

import pytest

from services.data_api import DataApi
from services.errors import AuthenticationError, InvalidInputError, PermissionDeniedError
from services.data_api.models import Coverage
from tests.services.conftest import settings_for


def test_dataset_gives_the_version(data_api: DataApi) -> None:
    dataset = data_api.dataset()
    assert dataset.dataset_version == data_api.dataset_version
    assert dataset.states and dataset.data_end is not None
    assert data_api.credits.charged == 0


def test_build_lists_each_served_state(data_api: DataApi) -> None:
    build = data_api.build()
    states = {state.state for state in build.meta.build.states}
    assert states == {state.state for state in data_api.dataset().states}


def test_coverage_of_every_market_and_of_a_place(data_api: DataApi) -> None:
    coverage = data_api.coverage.retrieve()
    assert isinstance(coverage, Coverage) and coverage.place is None and coverage.markets
    market = coverage.markets[0]
    assert market.datasets and "deeds" in market.datasets
    west, south, east, north = market.bbox
    inside = data_api.coverage.retrieve(lat=(south + north) / 2, lng=(west + east) / 2)
    assert inside.place.status == "covered" and market.market in {m.market for m in inside.markets}


def test_place_nothing_covers_is_not_an_error(data_api: DataApi) -> None:
    outside = data_api.coverage.retrieve(lat=0.0, lng=0.0)
    assert outside.place.status == "outside" and outside.markets == []


def test_coverage_refuses_a_bad_zip_before_any_request(data_api: DataApi) -> None:
    with pytest.raises(InvalidInputError):
        data_api.coverage.retrieve(zip="ABCDE")


@pytest.mark.parametrize(
    ("key", "error_class", "code"),
    [
        pytest.param("zpka_not_a_key", AuthenticationError, "unauthorized", id="bad-key"),
        pytest.param("zpka_sandbox_noplan", PermissionDeniedError, "subscription_required", id="no-plan"),
        pytest.param("zpka_sandbox_overdue", PermissionDeniedError, "payment_overdue", id="overdue"),
    ],
)
def test_key_refusals(sandbox, http_client, key: str, error_class, code: str) -> None:
    with DataApi(settings_for(sandbox.url, key), http_client=http_client) as api:
        with pytest.raises(error_class) as caught:
            api.deals.retrieve("deal_" + "0" * 32)
    assert caught.value.code == code
    assert key not in str(caught.value)
