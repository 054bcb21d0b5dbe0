"""SQL that makes the parcel tables: parcels (with their owner and last sale from the deeds), permits, STR parcels.

Run after `derive.DERIVE_STATEMENTS` (it reads `deals` and `investors`). The owner of a parcel
is the buyer of its latest deed; a parcel no deal touched is owned by a natural person (never named).
"""

from __future__ import annotations

PARCEL_STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE parcels AS
    WITH last_deed AS (
        SELECT property_id, count(*) AS n_deeds, max(sale_date) AS last_sale_date,
               arg_max(buyer_id, strftime(sale_date, '%Y%m%d') || lpad(seq::VARCHAR, 12, '0')) AS owner_id,
               arg_max(price, strftime(sale_date, '%Y%m%d') || lpad(seq::VARCHAR, 12, '0')) AS last_sale_price
        FROM deals GROUP BY property_id
    )
    -- `seq` (the keyset tie-break) follows market and ZIP, so a ZIP search reads few row groups.
    SELECT (row_number() OVER (ORDER BY p.market, p.zip, p.row) - 1)::BIGINT AS seq,
           p.property_id, p.market, p.zip, p.city, p.county_fips, p.latitude, p.longitude,
           p.bedrooms, p.bathrooms, p.living_area_sqft, p.year_built, x.lot_sqft::INTEGER AS lot_sqft,
           x.line, x.unit, x.apn, l.last_sale_date, l.last_sale_price, coalesce(l.n_deeds, 0)::INTEGER AS n_deeds,
           l.owner_id, i.name AS owner_name, i.display_name AS owner_display_name, i.org_kind AS owner_kind,
           coalesce(i.is_natural_person, true) AS owner_is_person
    FROM properties p
    JOIN raw_parcel_extra x ON x.row = p.row
    LEFT JOIN last_deed l ON l.property_id = p.property_id
    LEFT JOIN investors i ON i.investor_id = l.owner_id
    ORDER BY seq
    """,
    """
    CREATE TABLE permits AS
    SELECT 'P' || upper(substr(md5('permit:' || p.property_id || ':' || x.row), 1, 10)) AS permit_number,
           p.property_id, p.market, x.kind, x.status, x.issued_on::DATE AS issued_on,
           x.finaled_on::DATE AS finaled_on, x.valuation::INTEGER AS valuation, x.contractor AS contractor_name
    FROM raw_permits x JOIN raw_properties p ON p.row = x.property_row
    ORDER BY p.property_id, issued_on DESC
    """,
    """
    CREATE TABLE str_parcels AS
    SELECT pa.seq, pa.property_id, pa.market, pa.zip, pa.city, pa.county_fips, pa.latitude, pa.longitude,
           pa.bedrooms, pa.bathrooms, pa.owner_id, pa.owner_name, pa.owner_display_name, pa.owner_is_person,
           s.platforms, s.first_seen_on::DATE AS first_seen_on, s.last_seen_on::DATE AS last_seen_on, s.is_active,
           s.nightly_rate::INTEGER AS nightly_rate, s.occupancy_rate, s.annual_revenue_est::INTEGER AS annual_revenue_est,
           s.has_permit
    FROM raw_str_parcels s
    JOIN raw_properties p ON p.row = s.property_row
    JOIN parcels pa ON pa.property_id = p.property_id
    ORDER BY pa.seq
    """,
    # A parcel's page reads every table by its property id: point lookups through an ART index
    # (about 1 ms at --scale large, where a scan of a million deals takes tens).
    "CREATE INDEX parcels_property_id ON parcels (property_id)",
    "CREATE INDEX deals_property_id ON deals (property_id)",
    "CREATE INDEX loans_property_id ON loans (property_id)",
    "CREATE INDEX permits_property_id ON permits (property_id)",
    "CREATE INDEX listings_property_id ON listings (property_id)",
)
