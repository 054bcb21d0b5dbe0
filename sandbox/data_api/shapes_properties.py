"""Parcel-level rows to JSON (docs/contract.md, Parcel level).

Redaction (data-api.md, What the service does 6): on the parcel routes (search, financing,
history, listing history) a natural person's keys are omitted and no flag is carried; on the
buyers match and the short-term-rental parcels the name is `null` with `contact_redacted: true`.
"""

from __future__ import annotations

from typing import Any

PROP = "prop_"


def _organization(investor_id: str | None, name: str | None, display_name: str | None = None,
                  kind: str | None = None) -> dict[str, Any]:
    block: dict[str, Any] = {"investor_id": investor_id, "name": name, "display_name": display_name or name}
    if kind is not None:
        block["kind"] = kind
    return block


def _parcel_place(row: dict[str, Any]) -> dict[str, Any]:
    """What every parcel row says of its parcel: its id, market, address, point, beds and baths."""
    return {
        "property_id": PROP + row["property_id"],
        "market": row["market"],
        "address": {"line": row["line"], "unit": row["unit"], "city": row["city"], "zip": row["zip"]},
        "latitude": row["latitude"],
        "longitude": row["longitude"],
        "bedrooms": row["bedrooms"],
        "bathrooms": row["bathrooms"],
    }


def parcel(row: dict[str, Any], *, with_distance: bool = False) -> dict[str, Any]:
    shaped: dict[str, Any] = {
        **_parcel_place(row),
        "county_fips": row["county_fips"],
        "apn": row["apn"],
        "living_area_sqft": row["living_area_sqft"],
        "lot_sqft": row["lot_sqft"],
        "year_built": row["year_built"],
        "last_sale": None if row["last_sale_date"] is None else {"date": row["last_sale_date"],
                                                                  "price": row["last_sale_price"]},
        "n_deeds": row["n_deeds"],
    }
    # A natural person's ownership: the key is omitted, no flag (data-api.md, What the service does 6).
    if not row["owner_is_person"]:
        shaped["owner"] = _organization(row["owner_id"], row["owner_name"], row["owner_display_name"], row["owner_kind"])
    if with_distance:
        distance = row.get("distance")
        shaped["distance_miles"] = None if distance is None else round(distance, 3)
    return shaped


def deed(row: dict[str, Any]) -> dict[str, Any]:
    """One deed of the chain of title: a natural person's side is omitted (`buyer`/`seller` absent)."""
    shaped: dict[str, Any] = {"deal_id": "deal_" + row["deal_id"], "recorded_on": row["sale_date"],
                              "price": row["price"], "kind": row["kind"], "lender_id": row["lender_id"]}
    if not row["buyer_is_person"]:
        shaped["buyer"] = _organization(row["buyer_id"], row["buyer_name"], row["buyer_display_name"])
    if row["seller_id"] is not None and not row["seller_is_person"]:
        shaped["seller"] = _organization(row["seller_id"], row["seller_name"])
    elif row["seller_institution"] is not None:
        shaped["seller"] = _organization(None, row["seller_institution"].upper())
    return shaped


def loan(row: dict[str, Any]) -> dict[str, Any]:
    shaped = {"loan_id": row["loan_id"], "deal_id": row["deal_id"], "recorded_on": row["recorded_on"],
              "amount": row["amount"], "term_months": row["term_months"],
              "lender": {"id": row["lender_id"], "name": row["lender_name"], "lender_class": row["lender_class"],
                         "is_hard_money": row["is_hard_money"]}}
    if not row["borrower_is_person"]:
        shaped["borrower"] = _organization(row["borrower_id"], row["borrower_name"])
    return shaped


def listing(row: dict[str, Any]) -> dict[str, Any]:
    return {key: row[key] for key in ("listing_id", "listed_on", "status", "sold_on", "list_price", "sold_price",
                                      "n_versions", "brokerage_name", "self_listing")}


def buyer_match(row: dict[str, Any]) -> dict[str, Any]:
    person = row["is_natural_person"]
    investor: dict[str, Any] = {"investor_id": row["investor_id"], "name": None if person else row["name"],
                                "display_name": None if person else row["display_name"], "kind": row["org_kind"]}
    if person:
        investor["contact_redacted"] = True
    median = row["median_price_nearby"]
    band = None if row["p25"] is None else {"p25": int(round(row["p25"])), "p50": int(round(row["p50"])),
                                            "p75": int(round(row["p75"]))}
    return {
        "rank": row["rank"],
        "investor": investor,
        "score": float(row["score"]),
        "why": {
            "n_bought_nearby": row["n_bought_nearby"],
            "nearest_miles": round(row["nearest_miles"], 3),
            "last_bought_nearby_on": row["last_bought_nearby_on"],
            "median_price_nearby": None if median is None else int(round(median)),
            "kinds_nearby": list(row["kinds_nearby"]),
            "price_band": band,
            "in_price_band": row["in_price_band"],
            "n_deals": row["n_deals"],
        },
    }


def str_parcel(row: dict[str, Any]) -> dict[str, Any]:
    if row["owner_id"] is None or row["owner_is_person"]:
        owner: dict[str, Any] = {"investor_id": row["owner_id"], "name": None, "contact_redacted": True}
    else:
        owner = _organization(row["owner_id"], row["owner_name"], row["owner_display_name"])
    return {
        **_parcel_place(row),
        "platforms": row["platforms"].split(","),
        "is_active": row["is_active"],
        "first_seen_on": row["first_seen_on"],
        "last_seen_on": row["last_seen_on"],
        "nightly_rate": row["nightly_rate"],
        "occupancy_rate": row["occupancy_rate"],
        "annual_revenue_est": row["annual_revenue_est"],
        "has_permit": row["has_permit"],
        "owner": owner,
    }
