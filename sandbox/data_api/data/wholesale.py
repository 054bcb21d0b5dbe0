"""The wholesale dataset: wholesalers and their marketplace wholesale listings, derived after the deals.

A separate seeded generator: every choice here is an md5 of the seed and the row's own ids
(`$seed` of the build), never a draw of the numpy generator of `generate.py`, so adding this
dataset moves none of the existing rows. It is consistent with the deals:

- a wholesaler is a registry organization of kind WHOLESALER that sold at least one deal;
- every deal sold by a wholesaler is a SOLD wholesale listing of it, its buyer the deal's buyer,
  so an investor's `/wholesale-purchases` are the deals its profile counts in
  `n_bought_from_wholesaler`;
- a few parcels of each market carry an ACTIVE or PENDING listing of one of the market's wholesalers;
- markets whose coverage says `wholesale` is not published (NNJ) carry none (`422 wholesale_unavailable`).
"""

from __future__ import annotations

from sandbox.data_api.data.markets import DATA_END, MARKETS

UNPUBLISHED = tuple(m.code for m in MARKETS if m.dataset_status.get("wholesale") in ("not_published", "not_measured"))
_NOT_IN = "(" + ", ".join(f"'{code}'" for code in UNPUBLISHED or ("",)) + ")"
_END = f"DATE '{DATA_END.isoformat()}'"

WHOLESALE_STATEMENTS: tuple[str, ...] = (
    f"""
    CREATE TABLE wholesalers AS
    SELECT 'wsr_' || substr(md5($seed || ':wsr:' || i.investor_id), 1, 12) AS wholesaler_id,
           i.investor_id, i.org_id, i.market, i.name, i.display_name, i.is_natural_person
    FROM investors i
    WHERE i.org_kind = 'WHOLESALER' AND i.market NOT IN {_NOT_IN}
      AND EXISTS (SELECT 1 FROM deals d WHERE d.seller_id = i.investor_id AND d.market NOT IN {_NOT_IN})
    ORDER BY wholesaler_id
    """,
    f"""
    CREATE TABLE wholesale_listings AS
    WITH sold AS (
        SELECT md5($seed || ':wl:' || d.deal_id) AS h, d.deal_id, d.property_id, d.market, d.zip, d.city,
               d.county_fips, d.latitude, d.longitude, d.seller_id, d.buyer_id, d.buyer_name,
               d.buyer_display_name, d.buyer_is_person, d.price, d.sale_date
        FROM deals d WHERE d.seller_kind = 'WHOLESALER' AND d.market NOT IN {_NOT_IN}
    ), open AS (
        SELECT md5($seed || ':wla:' || p.property_id) AS h, p.property_id, p.market, p.zip, p.city,
               p.county_fips, p.latitude, p.longitude
        FROM properties p
        WHERE substr(md5($seed || ':wla:' || p.property_id), 1, 2) < '04' AND p.market NOT IN {_NOT_IN}
    ), ranked AS (
        SELECT w.*, row_number() OVER (PARTITION BY market ORDER BY wholesaler_id) - 1 AS k,
               count(*) OVER (PARTITION BY market) AS n
        FROM wholesalers w
    )
    SELECT 'wl_' || substr(s.h, 1, 12) AS listing_id, w.wholesaler_id, 'SOLD' AS status,
           (s.sale_date - (10 + hash(s.h) % 50)::INTEGER)::DATE AS published_on,
           CASE WHEN s.price IS NULL THEN NULL ELSE (s.price * 1.05 / 100)::INTEGER * 100 END AS asking_price,
           s.sale_date AS sold_on, s.price AS sold_price, s.deal_id, s.buyer_id, s.buyer_name,
           s.buyer_display_name, s.buyer_is_person,
           s.property_id, s.market, s.zip, s.city, s.county_fips, s.latitude, s.longitude
    FROM sold s JOIN wholesalers w ON w.investor_id = s.seller_id
    UNION ALL
    SELECT 'wl_' || substr(o.h, 1, 12), r.wholesaler_id,
           CASE WHEN hash(o.h) % 5 = 0 THEN 'PENDING' ELSE 'ACTIVE' END,
           ({_END} - (hash(o.h) % 90)::INTEGER)::DATE,
           (120000 + (hash(o.h) % 260) * 1000)::INTEGER,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           o.property_id, o.market, o.zip, o.city, o.county_fips, o.latitude, o.longitude
    FROM open o JOIN ranked r ON r.market = o.market AND r.k = hash(o.h || ':w') % r.n
    """,
)
