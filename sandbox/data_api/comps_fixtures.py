"""Notable parcels for the tests of comparable sales (issue 46), found in the data, never hard-coded.

Counted here by the client's default rule, in the sandbox's own terms (it shares no code with the
client): recorded sales within 0.5 miles, in the 12 months to the data's end, priced at
`ARM_LENGTH_FLOOR` or more, of another parcel, within ±20 % of the subject's living area.
"""

from __future__ import annotations

import weakref
from typing import Any

from sandbox.data_api.data.markets import DATA_END
from sandbox.data_api.sql_common import EARTH_RADIUS_MILES

ARM_LENGTH_FLOOR = 10_000
CANDIDATES = 12_000  # parcels of the first market looked at, in order: enough for each kind below
_END = f"DATE '{DATA_END.isoformat()}'"
_MILES = (f"{EARTH_RADIUS_MILES} * 2 * asin(sqrt(pow(sin(radians(d.latitude - s.latitude) / 2), 2) + "
          "cos(radians(s.latitude)) * cos(radians(d.latitude)) * pow(sin(radians(d.longitude - s.longitude) / 2), 2)))")
_COUNTS = f"""
    WITH subjects AS (
        SELECT seq, property_id, latitude, longitude, living_area_sqft AS sqft FROM parcels
        WHERE market = 'DFW' AND latitude IS NOT NULL ORDER BY seq LIMIT {CANDIDATES}),
    near AS (
        SELECT s.seq, s.property_id, s.sqft, d.sale_date, d.price, d.living_area_sqft AS comp_sqft, {_MILES} AS miles,
               d.property_id = s.property_id AS own
        FROM subjects s JOIN deals d
          ON d.latitude BETWEEN s.latitude - 0.015 AND s.latitude + 0.015
         AND d.longitude BETWEEN s.longitude - 0.02 AND s.longitude + 0.02
         AND d.sale_date > {_END} - INTERVAL 24 MONTH)
    SELECT s.seq, 'prop_' || s.property_id AS property_id, s.sqft,
           count(n.miles) FILTER (n.own AND n.sale_date > {_END} - INTERVAL 12 MONTH) AS own_sales,
           count(n.miles) FILTER (NOT n.own AND n.miles <= 0.5 AND n.sale_date > {_END} - INTERVAL 12 MONTH) AS any_near,
           count(n.miles) FILTER (n.miles <= 0.5 AND n.sale_date > {_END} - INTERVAL 12 MONTH
                                  AND NOT n.own AND n.price >= {ARM_LENGTH_FLOOR} AND {{sized}}) AS default_rule,
           count(n.miles) FILTER (NOT n.own AND n.miles <= 1 AND n.price >= {ARM_LENGTH_FLOOR} AND {{sized}})
               AS widest_sized
    FROM subjects s LEFT JOIN near n ON n.seq = s.seq GROUP BY ALL ORDER BY s.seq
"""
_SIZED = "(n.sqft IS NULL OR n.comp_sqft IS NULL OR n.comp_sqft BETWEEN n.sqft * 0.8 AND n.sqft * 1.2)"
# Found once per database (about a second of SQL): the tests ask for the fixtures often.
_FOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def comps_fixtures(db: Any) -> dict[str, Any]:
    """`parcel_comps_dense` (the default rule finds 8 or more, and the parcel itself sold in the
    window: its own sale is left out), `parcel_comps_thin` (it finds fewer
    than 3, a wider rule 4 or more), `parcel_comps_empty` (no sale at all within 0.5 miles in
    12 months, a wider rule finds some), `parcel_without_size` (no living area served),
    `parcel_without_location` (no point)."""
    if db not in _FOUND:
        _FOUND[db] = _find(db)
    return dict(_FOUND[db])


def _find(db: Any) -> dict[str, Any]:
    rows = db.rows(_COUNTS.format(sized=_SIZED))

    def first(test) -> str | None:
        return next((row["property_id"] for row in rows if test(row)), None)

    return {
        "parcel_comps_dense": first(lambda r: r["sqft"] is not None and r["default_rule"] >= 8 and r["own_sales"] >= 1),
        "parcel_comps_thin": first(lambda r: r["sqft"] is not None and 0 < r["any_near"] and r["default_rule"] < 3
                                   and r["widest_sized"] >= 4),
        "parcel_comps_empty": first(lambda r: r["sqft"] is not None and r["any_near"] == 0 and r["widest_sized"] >= 3),
        "parcel_without_size": first(lambda r: r["sqft"] is None and r["widest_sized"] >= 3),
        "parcel_without_location": next(iter(db.rows_tuple(
            "SELECT 'prop_' || property_id FROM parcels WHERE latitude IS NULL ORDER BY seq LIMIT 1")), (None,))[0],
    }
