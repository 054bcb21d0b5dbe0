"""SQL that turns the generator's raw tables into the served tables.

Counters of the investor profile are aggregated from the deals here, so that every
counter is derivable from the deals an investor's `/deals` route returns.
Ids of old and retired registry records are made from md5 of the current ids, so the
same seed always gives the same history.
"""

from __future__ import annotations

from sandbox.data_api.data.markets import DATA_END, REGISTRY_RUN
from sandbox.data_api.data.names import INSTITUTIONAL_SELLERS

_INSTITUTIONS = "[" + ", ".join(f"'{name}'" for name in INSTITUTIONAL_SELLERS) + "]"
_END = f"DATE '{DATA_END.isoformat()}'"


def investor_stats_select(among: str | None = None) -> str:
    """The investor profile's counters as a SELECT: of every investor, or of those whose ids the
    subquery `among` gives. The build makes the table of it; a publish that adds deals
    (sandbox/data_api/sql_news.py) counts their buyers and sellers again with it."""
    def only(column: str) -> str:
        return "TRUE" if among is None else f"{column} IN ({among})"

    return _INVESTOR_STATS.format(only_buyers=only("buyer_id"), only_sellers=only("seller_id"),
                                  only_investors=only("i.investor_id"))


_INVESTOR_STATS = f"""    WITH bought AS (
        SELECT buyer_id AS investor_id,
               count(*) AS n_deals,
               count(*) FILTER (kind = 'flip') AS n_flips,
               count(*) FILTER (kind = 'wholesale') AS n_wholesales,
               count(*) FILTER (kind = 'long_hold') AS n_long_holds,
               count(*) FILTER (kind = 'hold') AS n_holds,
               count(*) FILTER (kind = 'build') AS n_builds,
               count(*) FILTER (kind = 'acquisition') AS n_acquisitions,
               count(price) AS n_priced_deals,
               count(*) - count(price) AS n_unpriced_deals,
               count(DISTINCT property_id) AS n_parcels,
               coalesce(sum(price), 0)::BIGINT AS volume,
               count(*) FILTER (sale_date > {_END} - INTERVAL 12 MONTH) AS bought_12m,
               count(*) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS bought_24m,
               min(sale_date) AS first_bought_on,
               max(sale_date) AS last_bought_on,
               quantile_cont(price, 0.25) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS p25,
               median(price) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS p50,
               quantile_cont(price, 0.75) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS p75,
               count(price) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS n_priced_24m,
               median(hold_days) AS median_hold_days,
               median(price) AS median_bought_price,
               count(*) FILTER (seller_kind = 'WHOLESALER') AS n_bought_from_wholesaler,
               count(*) FILTER (seller_kind = 'WHOLESALER' AND sale_date > {_END} - INTERVAL 12 MONTH)
                   AS n_bought_from_wholesaler_12m,
               count(*) FILTER (seller_institution IS NOT NULL) AS n_distressed_buys,
               list(DISTINCT city ORDER BY city) AS cities_active
        FROM deals WHERE {{only_buyers}} GROUP BY buyer_id
    ), sold AS (
        SELECT seller_id AS investor_id, count(*) AS n_sales, max(sale_date) AS last_sold_on,
               count(*) FILTER (sale_date > {_END} - INTERVAL 12 MONTH) AS sold_12m,
               count(*) FILTER (sale_date > {_END} - INTERVAL 24 MONTH) AS sold_24m
        FROM deals WHERE seller_id IS NOT NULL AND {{only_sellers}} GROUP BY seller_id
    )
    SELECT i.investor_id, coalesce(b.n_deals, 0) AS n_deals, coalesce(n_flips, 0) AS n_flips,
           coalesce(n_wholesales, 0) AS n_wholesales, coalesce(n_long_holds, 0) AS n_long_holds,
           coalesce(n_holds, 0) AS n_holds, coalesce(n_builds, 0) AS n_builds,
           coalesce(n_acquisitions, 0) AS n_acquisitions, coalesce(n_priced_deals, 0) AS n_priced_deals,
           coalesce(n_unpriced_deals, 0) AS n_unpriced_deals, coalesce(n_parcels, 0) AS n_parcels,
           coalesce(volume, 0) AS volume, coalesce(b.n_deals, 0) AS n_purchases, coalesce(s.n_sales, 0) AS n_sales,
           coalesce(bought_12m, 0) AS bought_12m, coalesce(bought_24m, 0) AS bought_24m,
           coalesce(bought_12m, 0) + coalesce(sold_12m, 0) AS n_events_12m,
           coalesce(bought_24m, 0) + coalesce(sold_24m, 0) AS n_events_24m,
           least(first_bought_on, s.last_sold_on) AS first_deed,
           greatest(last_bought_on, s.last_sold_on) AS last_deed,
           last_bought_on, p25, p50, p75, coalesce(n_priced_24m, 0) AS n_priced_24m,
           median_hold_days, median_bought_price,
           coalesce(n_bought_from_wholesaler, 0) AS n_bought_from_wholesaler,
           coalesce(n_bought_from_wholesaler_12m, 0) AS n_bought_from_wholesaler_12m,
           coalesce(n_distressed_buys, 0) AS n_distressed_buys, coalesce(cities_active, []) AS cities_active
    FROM investors i LEFT JOIN bought b USING (investor_id) LEFT JOIN sold s USING (investor_id)
    WHERE {{only_investors}}
"""


DERIVE_STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE properties AS
    SELECT row, property_id, market, zip, city, county_fips, latitude, longitude,
           bedrooms::INTEGER AS bedrooms, bathrooms, living_area_sqft::INTEGER AS living_area_sqft,
           year_built::INTEGER AS year_built, cell::BIGINT AS cell
    FROM raw_properties ORDER BY row
    """,
    """
    CREATE TABLE investors AS
    SELECT row, investor_id, state || ':' || registry_number AS org_id, market, state, org_kind,
           CASE WHEN is_natural_person THEN NULL ELSE deed_name END AS name,
           CASE WHEN is_natural_person THEN NULL ELSE display_name END AS display_name,
           is_natural_person
    FROM raw_investors ORDER BY row
    """,
    f"""
    CREATE TABLE deals AS
    -- `seq` (the keyset tie-break) follows the physical order, so a page's rows sit together
    -- and fetching them by `seq` reads few row groups.
    SELECT (row_number() OVER (ORDER BY p.market, d.sale_date, d.row) - 1)::BIGINT AS seq, d.row AS source_row,
           d.deal_id, d.sale_date::DATE AS sale_date, d.price::INTEGER AS price, d.kind,
           d.hold_days::INTEGER AS hold_days, b.investor_id AS buyer_id, b.row::INTEGER AS buyer_seq,
           s.investor_id AS seller_id,
           s.org_kind AS seller_kind,
           CASE WHEN d.seller_institution >= 0 THEN {_INSTITUTIONS}[d.seller_institution + 1] END AS seller_institution,
           p.property_id, p.market, p.zip, p.city, p.county_fips, p.latitude, p.longitude, p.cell::BIGINT AS cell,
           d.lender_id,
           -- Denormalised so that a page of deals is read from this one table, without joins.
           CASE WHEN b.is_natural_person THEN NULL ELSE b.deed_name END AS buyer_name,
           CASE WHEN b.is_natural_person THEN NULL ELSE b.display_name END AS buyer_display_name,
           b.is_natural_person AS buyer_is_person,
           CASE WHEN s.is_natural_person THEN NULL ELSE s.deed_name END AS seller_name,
           s.is_natural_person AS seller_is_person,
           p.bedrooms::INTEGER AS bedrooms, p.bathrooms, p.living_area_sqft::INTEGER AS living_area_sqft,
           p.year_built::INTEGER AS year_built,
           CASE WHEN s.org_kind = 'WHOLESALER' AND substr(md5('mpl:' || d.deal_id), 1, 1) < '6'
                THEN md5('mpl:' || d.deal_id) END AS listing_id
    FROM raw_deals d
    JOIN raw_investors b ON b.row = d.buyer_row
    LEFT JOIN raw_investors s ON s.row = d.seller_row
    JOIN raw_properties p ON p.row = d.property_row
    ORDER BY p.market, d.sale_date, d.row
    """,
    """
    CREATE TABLE marketplace_listings AS
    SELECT listing_id, deal_id, seller_id AS wholesaler_id, buyer_id, seller_id, property_id, zip, price,
           sale_date, sale_date - (14 + (hash(listing_id) % 40))::INTEGER AS published_on,
           CASE WHEN price IS NULL THEN (200000 + hash(listing_id) % 150000)::INTEGER
                ELSE (price * 1.04 / 100)::INTEGER * 100 END AS asking_price,
           CASE WHEN hash(listing_id) % 3 = 0 THEN NULL
                ELSE (coalesce(price, 250000) * 0.99 / 100)::INTEGER * 100 END AS buy_now_price,
           market, latitude, longitude
    FROM deals WHERE listing_id IS NOT NULL
    """,
    """
    CREATE TABLE lenders AS
    SELECT row, lender_id, 'US:' || registry_number AS org_id, name, lender_class, is_hard_money
    FROM raw_lenders ORDER BY row
    """,
    """
    CREATE TABLE loans AS
    SELECT l.loan_id, l.lender_id, d.deal_id, d.buyer_id AS borrower_id,
           CASE WHEN d.price IS NULL THEN NULL ELSE (d.price * l.ltv / 1000)::INTEGER * 1000 END AS amount,
           (d.sale_date + l.lag_days::INTEGER) AS recorded_on, l.term_months::INTEGER AS term_months,
           d.property_id, d.market, d.zip, d.county_fips, d.latitude, d.longitude, d.cell, d.kind
    FROM raw_loans l JOIN deals d ON d.source_row = l.deal_row
    ORDER BY l.lender_id, recorded_on, l.loan_id
    """,
    """
    CREATE TABLE agents AS
    SELECT a.row, a.agent_id, a.person_id, a.market, a.kind, a.identity_basis,
           a.license_candidates::INTEGER AS license_candidates, a.n_name_variants::INTEGER AS n_name_variants,
           a.brokerage, a.person_name, i.investor_id, CASE WHEN i.investor_id IS NOT NULL THEN a.link_confidence END AS link_confidence
    FROM raw_agents a LEFT JOIN raw_investors i ON i.row = a.investor_row ORDER BY a.row
    """,
    """
    CREATE TABLE listings AS
    SELECT l.listing_id, a.agent_id, a.person_id, l.market, p.property_id, p.zip, p.county_fips, p.city,
           l.listed_on::DATE AS listed_on, l.status, l.sold_on::DATE AS sold_on, l.n_versions::INTEGER AS n_versions,
           l.list_price::INTEGER AS list_price, l.sold_price::INTEGER AS sold_price, l.self_listing, l.is_team,
           a.brokerage AS brokerage_name, h.org_id AS holder_org_id, b.org_id AS buyer_org_id,
           l.buyer_flagged::BOOLEAN AS buyer_flagged, l.price_match::BOOLEAN AS price_match,
           CASE WHEN b.org_id IS NOT NULL THEN l.sold_on::DATE + l.buyer_deed_lag::INTEGER END AS buyer_deed_date
    FROM raw_listings l
    JOIN raw_agents a ON a.row = l.agent_row
    JOIN raw_properties p ON p.row = l.property_row
    LEFT JOIN investors h ON h.row = l.holder_row
    LEFT JOIN investors b ON b.row = l.buyer_row
    ORDER BY l.row
    """,
    f"""
    CREATE TABLE mentions AS
    WITH v AS (
        SELECT l.*, version,
               coalesce(l.listed_on, {_END} - 7 * l.n_versions) + (7 * version)::INTEGER AS seen_from,
               version = l.n_versions - 1 AS is_current
        FROM listings l, range(l.n_versions) AS t(version)
    )
    SELECT md5(listing_id || ':' || version) AS mention_id, listing_id, agent_id, person_id, property_id,
           version, is_current, seen_from,
           CASE WHEN is_current AND status IN ('ACTIVE', 'PENDING') THEN NULL ELSE least(seen_from + 6, {_END}) END AS seen_to,
           listed_on,
           CASE WHEN is_current THEN status
                WHEN version = n_versions - 2 AND status = 'SOLD' THEN 'PENDING' ELSE 'ACTIVE' END AS status,
           CASE WHEN is_current THEN sold_on END AS sold_on,
           zip, county_fips, is_team, brokerage_name, holder_org_id, self_listing, buyer_org_id,
           buyer_flagged, buyer_deed_date, price_match
    FROM v
    """,
    "CREATE TABLE investor_stats AS " + investor_stats_select(),
    # Registry history: about 3% of active organizations (and agents, and two lenders)
    # carry an id from an earlier registry run that now resolves to them.
    f"""
    CREATE TABLE old_ids AS
    SELECT 'investor' AS entity, 'inv_' || substr(md5('old:' || investor_id), 1, 12) AS old_id,
           investor_id AS current_id, {REGISTRY_RUN - 3} AS registry_run, 0.82 AS jaccard
    FROM investor_stats WHERE n_deals >= 3 AND substr(md5('merge:' || investor_id), 1, 2) < '08'
    UNION ALL
    SELECT 'agent', 'agt_' || substr(md5('old:' || agent_id), 1, 12), agent_id, {REGISTRY_RUN - 2}, NULL
    FROM (SELECT DISTINCT agent_id FROM agents) WHERE substr(md5('merge:' || agent_id), 1, 2) < '06'
    UNION ALL
    SELECT 'lender', 'len_' || substr(md5('old:' || lender_id), 1, 12), lender_id, {REGISTRY_RUN - 1}, NULL
    FROM lenders WHERE row IN (1, 3)
    """,
    """
    CREATE TABLE retired_ids AS
    SELECT entity, prefix || substr(md5('retired:' || entity || ':' || $seed || ':' || i), 1, 12) AS retired_id
    FROM (VALUES ('investor', 'inv_'), ('agent', 'agt_'), ('lender', 'len_')) AS e(entity, prefix), range(12) AS t(i)
    """,
)
