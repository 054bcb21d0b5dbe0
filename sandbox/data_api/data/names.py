"""Organization, brokerage and lender names for the synthetic dataset, drawn from word lists."""

from __future__ import annotations

import numpy as np

_FIRST = (
    "Lone Star", "Peachtree", "Desert Rose", "Bayshore", "Queen City", "Magnolia", "Red Oak",
    "Silver Creek", "Blue Heron", "Granite", "Summit", "Cypress", "Willow", "Copper", "Harbor",
    "Prairie", "Pinecrest", "Sunbelt", "Keystone", "Ironwood", "Cedar Ridge", "Oak Lawn",
    "Brightwater", "Northgate", "Riverbend", "Stonebridge", "Fairway", "Palisade", "Westview",
    "Golden Gate", "Trinity", "Highland", "Meadowbrook", "Crescent", "Evergreen", "Bluebonnet",
)
_SECOND = (
    "Home Buyers", "Property Solutions", "Realty Investments", "Capital", "Holdings", "Homes",
    "Residential", "Acquisitions", "Property Group", "Real Estate Partners", "Housing Fund",
    "Rentals", "Renovations", "Equity", "Ventures", "Land Co", "Builders", "Properties",
)
_SUFFIX = ("LLC", "LLC", "LLC", "Inc", "LP", "Series LLC", "Trust", "Corp")

IBUYERS = ("Doorstep Homes Inc", "Keyway Offers LLC", "Swiftsale Property Holdings LLC")
SFR_BULK = ("Amberline Residential Trust", "Progress Harbor SFR LLC", "Tricon Oakfield Homes LP",
            "Home Partners Of Meridian LLC")
BUILDERS = ("Lennox Ridge Homebuilders Inc", "Pulsewood Homes LLC", "DR Hartwell Homes Inc",
            "Meritage Crest Homes Corp")
# Awkward but legal spellings, on purpose (issue 2: unicode, ampersands and quotes, very long names).
# A name written as markup (`<b>Acme & Sons</b> LLC`) is not in the data people demo (issue 26): it
# is a test fixture (tests/pages/test_markup_names.py).
AWKWARD = (
    "Acme & Sons (Holdings) LLC",
    "Ñandú Höldings 株式会社",
    ("The Extraordinarily Long Named Residential Property Acquisition Renovation Disposition And Portfolio "
     "Management Holding Company Of The Greater Metropolitan Statistical Area Of North Texas Series LLC 7"),
    "O'Brien & Daughters \"Homes\" LLC",
)
LENDERS = (
    "First Horizon Bank", "Texas Capital Bank", "Truist Bank", "Wells Fargo Bank NA", "Synovus Bank",
    "Regions Bank", "PNC Bank NA", "Bank OZK", "Frost Bank", "Zions Bancorporation NA",
)
HARD_MONEY = (
    "Kiavi Funding Inc", "Lima One Capital LLC", "RCN Capital LLC", "Anchor Loans LP", "CoreVest Finance LLC",
    "Groundfloor Lending LLC", "Civic Financial Services LLC", "Easy Street Capital LLC",
)
BROKERAGES = (
    "Keller Williams Realty", "eXp Realty", "RE/MAX Premier", "Coldwell Banker Realty", "Compass",
    "Century 21 Judge Fite", "Berkshire Hathaway HomeServices", "Redfin Corporation", "Fathom Realty",
    "Real Broker LLC", "United Real Estate", "Opendoor Brokerage LLC",
)
# Listing agents are natural persons: these names are only matched by name searches, never served.
AGENT_FIRST = ("Maria", "James", "Linh", "Robert", "Aisha", "Carlos", "Emily", "Deshawn", "Priya", "Michael",
               "Sofia", "David", "Keisha", "Thomas", "Mei", "Jose", "Hannah", "Andre", "Grace", "Luis")
AGENT_LAST = ("Garcia", "Nguyen", "Johnson", "Patel", "Williams", "Hernandez", "Smith", "Brown", "Okafor", "Kim",
              "Martinez", "Davis", "Lopez", "Wilson", "Anderson", "Thompson", "Ramirez", "Lee", "Walker", "Young")
INSTITUTIONAL_SELLERS = (
    "Federal National Mortgage Association", "Secretary Of Housing And Urban Development",
    "Federal Home Loan Mortgage Corporation", "US Bank Trust NA As Trustee",
)


def organization_names(rng: np.random.Generator, count: int) -> list[str]:
    first = rng.integers(0, len(_FIRST), count)
    second = rng.integers(0, len(_SECOND), count)
    suffix = rng.integers(0, len(_SUFFIX), count)
    return [f"{_FIRST[a]} {_SECOND[b]} {_SUFFIX[c]}" for a, b, c in zip(first, second, suffix)]


def lender_names(count: int) -> list[str]:
    """Named banks first, then numbered regional lenders, so every name is distinct."""
    names = list(LENDERS)
    while len(names) < count:
        names.append(f"{_FIRST[len(names) % len(_FIRST)]} Community Bank {len(names)}")
    return names[:count]


def hard_money_names(count: int) -> list[str]:
    names = list(HARD_MONEY)
    while len(names) < count:
        names.append(f"{_FIRST[len(names) % len(_FIRST)]} Private Lending {len(names)} LLC")
    return names[:count]
