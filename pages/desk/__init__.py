"""Sections of the Seller's desk page (pages/seller.py) and the buyer's tools of the Marketplace
page: each reads and writes through `adapter.marketplace_seller` / `adapter.marketplace_buyer`
and hands plain data to `components.seller_*`."""
