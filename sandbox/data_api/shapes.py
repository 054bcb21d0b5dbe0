"""Database rows to the documented JSON objects (decisions.md, Deal object; data-api.md, Investor profile)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sandbox.data_api.data.markets import DATA_END, REGISTRY_RUN, REGISTRY_VERSION

DEAL_PREFIX = "deal_"
PROPERTY_PREFIX = "prop_"


def party(investor_id: str | None, name: str | None, is_person: bool | None, *,
          display_name: str | None = None, with_display: bool = False) -> dict[str, Any]:
    """A buyer or seller block; a natural person's name is never served (data-api.md, What the service does 6)."""
    block: dict[str, Any] = {"investor_id": investor_id, "name": None if is_person else name}
    if with_display:
        block["display_name"] = None if is_person else display_name
    if is_person:
        block["contact_redacted"] = True
    return block


def deal(row: dict[str, Any], *, with_distance: bool) -> dict[str, Any]:
    if row["seller_id"] is not None:
        seller = party(row["seller_id"], row["seller_name"], row["seller_is_person"])
    elif row["seller_institution"] is not None:
        seller = party(None, row["seller_institution"].upper(), False)
    else:
        seller = party(None, None, True)  # a natural person sold: no name, redacted
    shaped = {
        "id": DEAL_PREFIX + row["deal_id"],
        "sale_date": row["sale_date"],
        "price": row["price"],
        "kind": row["kind"],
        "buyer": party(row["buyer_id"], row["buyer_name"], row["buyer_is_person"],
                       display_name=row["buyer_display_name"], with_display=True),
        "seller": seller,
        "property": {
            "property_id": PROPERTY_PREFIX + row["property_id"],
            "city": row["city"],
            "zip": row["zip"],
            "county_fips": row["county_fips"],
            "latitude": row["latitude"],
            "longitude": row["longitude"],
            "bedrooms": row["bedrooms"],
            "bathrooms": row["bathrooms"],
            "living_area_sqft": row["living_area_sqft"],
            "year_built": row["year_built"],
        },
        "lender_id": row["lender_id"],
        "listing_id": row["listing_id"],
    }
    if with_distance:
        distance = row.get("distance")
        shaped["distance_miles"] = None if distance is None else round(distance, 3)
    return shaped


def cells_json(cells: list[tuple], count_name: str, distinct_name: str) -> str:
    """The `data` array of a cells answer, formatted directly: thousands of flat rows of
    known types (hex string, integers) need no general JSON encoder."""
    parts = []
    for cell, count, distinct, median in cells:
        price = "null" if median is None else str(median)
        parts.append(f'{{"cell":"{cell}","{count_name}":{count},"{distinct_name}":{distinct},"median_price":{price}}}')
    return "[" + ",".join(parts) + "]"


def investor_row(row: dict[str, Any]) -> dict[str, Any]:
    """One row of `GET /v1/investors`: identity plus the counters over the filtered deals."""
    shaped = {
        "id": row["investor_id"],
        "org_id": row["org_id"],
        "name": row["name"],
        "display_name": row["display_name"],
        "market": row["market"],
        "state": row["state"],
        "kind": row["org_kind"],
        "n_deals": row["n_deals"],
        "n_parcels": row["n_parcels"],
        "volume": row["volume"],
        "n_flips": row["n_flips"],
        "n_holds": row["n_holds"],
        "last_bought_on": row["last_bought_on"],
        "last_deal_on": row["last_deed"],
    }
    if row["is_natural_person"]:
        shaped["contact_redacted"] = True
    return shaped


def _days_between(later: str, earlier: str | None) -> int | None:
    if earlier is None:
        return None
    return (date.fromisoformat(later) - date.fromisoformat(earlier)).days


def _whole(value: float | None) -> int | None:
    return None if value is None else int(round(value))


KIND_FLAGS = {
    "IBUYER": ("is_ibuyer", "IBUYER"),
    "SFR_BULK_HOLDER": ("is_sfr_bulk_holder", "SFR_BULK_HOLDER"),
    "BUILDER": ("is_production_builder", "BUILDER"),
    "FLIPPER": (None, "FLIPPER"),
    "WHOLESALER": (None, "WHOLESALER"),
    "LANDLORD": (None, "LANDLORD"),
}


def investor_profile(row: dict[str, Any], *, old_ids: list[dict[str, Any]], lenders_used: list[dict[str, Any]],
                     last_loan: dict[str, Any] | None, share_financed_24m: float | None,
                     agent_links: list[dict[str, Any]], segment_mix: dict[str, float]) -> dict[str, Any]:
    """The `/v1` investor profile: every counter aggregated from this investor's deals at build time."""
    # Over 60 lines: one literal in the order of the document's profile, easier to check against it whole.
    end = DATA_END.isoformat()
    kind = row["org_kind"]
    flag_name, _ = KIND_FLAGS[kind]
    is_person = row["is_natural_person"]
    n_deals = row["n_deals"]
    scale = "large" if n_deals >= 500 else "mid" if n_deals >= 50 else "small"
    confidence = "HIGH" if n_deals >= 10 else "MEDIUM"
    history = [{"registry_run": old["registry_run"], "assign_method": "merge", "jaccard": old["jaccard"],
                "prev_group_id": old["old_id"]} for old in old_ids]
    history.append({"registry_run": REGISTRY_RUN, "assign_method": "carry", "jaccard": 1.0, "prev_group_id": row["investor_id"]})
    profile: dict[str, Any] = {
        "id": row["investor_id"],
        "org_id": row["org_id"],
        "market": row["market"],
        "name": row["name"],
        "display_name": row["display_name"],
        "state": row["state"],
        "kind": kind,
        "confidence": confidence,
        "scale": scale,
        "institutional": kind in ("IBUYER", "SFR_BULK_HOLDER", "BUILDER"),
        "is_public": kind in ("IBUYER", "SFR_BULK_HOLDER"),
        "buyer_status": "active" if row["bought_12m"] else "dormant",
        "mailing_states": [row["state"]],
        "registry_version": REGISTRY_VERSION,
        "registry_run": REGISTRY_RUN,
        "id_history": history,
        "kinds": [kind],
        "confidence_by_kind": {kind: {"n": n_deals, "confidence": confidence}},
        "classification_reasons": [f"{kind.lower()}_pattern"],
        "is_entity": not is_person,
        "is_ibuyer": flag_name == "is_ibuyer",
        "is_production_builder": flag_name == "is_production_builder",
        "is_sfr_bulk_holder": flag_name == "is_sfr_bulk_holder",
    }
    for counter in ("n_deals", "n_flips", "n_wholesales", "n_long_holds", "n_holds", "n_builds", "n_acquisitions",
                    "n_priced_deals", "n_unpriced_deals", "n_purchases", "n_sales", "n_events_12m", "n_events_24m",
                    "bought_12m", "bought_24m", "n_parcels"):
        profile[counter] = row[counter]
    profile.update({
        "first_deed": row["first_deed"],
        "last_deed": row["last_deed"],
        "last_bought_on": row["last_bought_on"],
        "days_since_last_purchase": _days_between(end, row["last_bought_on"]),
        "price_band": {"window": "24m", "p25": _whole(row["p25"]), "p50": _whole(row["p50"]), "p75": _whole(row["p75"]),
                       "n_priced_purchases": row["n_priced_24m"]},
        "median_hold_days": _whole(row["median_hold_days"]),
        "median_spread_ratio": None,
        "median_gross_profit": None,
        "median_bought_price": _whole(row["median_bought_price"]),
        "segment_mix": segment_mix,
        "cities_active": row["cities_active"],
        "n_bought_from_wholesaler": row["n_bought_from_wholesaler"],
        "n_bought_from_wholesaler_12m": row["n_bought_from_wholesaler_12m"],
        "buys_wholesale": row["n_bought_from_wholesaler"] > 0,
        "n_distressed_buys": row["n_distressed_buys"],
        "auction": None,
        "buyer_signal": {"operator_id": row["investor_id"], "operator_member_ids": [],
                         "activity_p_180": round(min(1.0, row["bought_12m"] / 24), 3),
                         "activity_p_365": round(min(1.0, row["bought_12m"] / 12), 3),
                         "cycle_state": "buying" if row["bought_12m"] else "idle", "open_inventory": None},
        "listings": None,
        "wholesale_purchases": {"n": row["n_bought_from_wholesaler"]},
        "str": None,
        "agent_links": [
            {"agent_id": link["agent_id"], "market": link["market"], "confidence": link["confidence"],
             "n_self_listings": link["n_self_listings"]} for link in agent_links
        ],
        "financing": {
            "n_loans": sum(lender["n"] for lender in lenders_used),
            "n_lenders": len(lenders_used),
            "lenders_used": lenders_used,
            "last_loan": last_loan,
            "share_deals_financed_24m": share_financed_24m,
            "uses_hard_money": any(lender["is_hard_money"] for lender in lenders_used),
            "as_of": end,
            "dated": True,
        },
        "members": None,
        "mailing_address": None,
        "data_end": end,
    })
    if is_person:
        profile["contact_redacted"] = True
    return profile
