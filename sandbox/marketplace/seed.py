"""The demo state of decisions.md (Sandbox): four accounts, a seller with published deals,
a buyer with offers in every status. `POST /_sandbox/reset` rebuilds it from here."""

from __future__ import annotations

from datetime import datetime, timedelta

from sandbox.marketplace.ids import stable_id
from sandbox.marketplace.models import (
    Deal, Draft, Lead, MarketState, Media, Offer, Organization, ProofOfFunds, Review, User,
)

DEMO_PASSWORD = "sandbox"
DEMO_ORGANIZATION = "Sandbox Wholesale Co"
# The buyers' entities carry names the deed records of the default seed also hold (the
# Seller's desk matches them by the free name search; docs/contract.md). The halves share no code,
# so the names are written here, not looked up.
DEMO_BUYER_ENTITY = "Prairie Capital LLC"
DEMO_CREDITS = 60  # two publishes (publishing.PUBLISH_CREDITS), then 402 insufficient_balance
# Buyers whose offers meet a refusal, with a proof of funds on file so that nothing else stops them.
REFUSED_BUYERS = ("unverified@sandbox.test", "solo@sandbox.test")
FLOOR_SHARE = 88  # "Cottage on a half acre": the seller takes no offer under 88 % of its asking price
BUY_AGREEMENT_ID = stable_id("agreement", "marketplace-api-terms-buyer-v1")
SELL_AGREEMENT_ID = stable_id("agreement", "marketplace-api-terms-seller-v1")

# (slug, title, city, zip, type, beds, baths, sqft, asking price)
_DEMO_DEALS = [
    ("oak", "3/2 on Oak Street, light rehab", "San Antonio", "78210", "single_family", 3, 2, 1420, 185000),
    ("elm", "Duplex near the medical center", "San Antonio", "78229", "duplex", 4, 2, 1880, 249000),
    ("cedar", "Corner lot bungalow", "Austin", "78702", "single_family", 2, 1, 980, 312000),
    ("pecan", "Brick ranch, new roof", "San Marcos", "78666", "single_family", 3, 2, 1510, 205000),
    ("mesquite", "Fixer with detached garage", "New Braunfels", "78130", "single_family", 3, 1, 1290, 168000),
    ("willow", "Townhome, tenant in place", "Austin", "78745", "townhouse", 2, 2.5, 1240, 279000),
    ("cypress", "Four-plex, value add", "San Antonio", "78201", "multi_family", 8, 4, 3600, 455000),
    ("magnolia", "Cottage on a half acre", "Seguin", "78155", "single_family", 2, 1, 1010, 139000),
    ("live-oak", "Two-story, needs paint", "Kyle", "78640", "single_family", 4, 3, 2210, 289000),
    ("sycamore", "Starter home near schools", "Buda", "78610", "single_family", 3, 2, 1360, 231000),
]
_OFFLINE_DEALS = [
    ("alamo", "Phone-only listing near the Pearl", "San Antonio", "78215", "single_family", 2, 1, 900, 199000),
]
_OTHER_DEALS = [
    ("hickory", "Lake-side lot with cabin", "Canyon Lake", "78133", "single_family", 2, 1, 860, 159000),
    ("juniper", "Ranch on two acres", "Dripping Springs", "78620", "single_family", 3, 2, 1700, 365000),
]


def build_state(now: datetime) -> MarketState:
    state = MarketState()
    demo_org = Organization(stable_id("seller", "sandbox-wholesale"), DEMO_ORGANIZATION, "sandbox-wholesale-co", ["seller"], True,
                            credits=DEMO_CREDITS)
    # Takes offers from companies only and releases addresses only after an offer (409
    # organization_required, offer_required: docs/contract.md, refusals).
    other_org = Organization(stable_id("seller", "hill-country"), "Hill Country Deals LLC", "hill-country-deals", ["seller"], True,
                             offers_from_companies_only=True, addresses_after_offer=True)
    # A seller that takes no offers through the API (marketplace-api.md, Errors 403 api_offers_disabled).
    offline_org = Organization(stable_id("seller", "bexar-direct"), "Bexar Direct Homes", "bexar-direct-homes", ["seller"],
                               True, takes_api_offers=False)
    for org in (demo_org, other_org, offline_org):
        state.organizations[org.id] = org

    _add_users(state, demo_org, other_org)
    deals = _add_deals(state, now, demo_org, _DEMO_DEALS) + _add_deals(state, now, other_org, _OTHER_DEALS)
    _add_deals(state, now, offline_org, _OFFLINE_DEALS)
    deals = dict(deals)
    _add_offers(state, now, deals)
    _add_drafts(state, demo_org, other_org)
    _add_leads(state, now, demo_org)
    _add_reviews(state, now, demo_org)
    for email in ("buyer@sandbox.test", *REFUSED_BUYERS):
        buyer = state.user_by_email(email)
        state.proofs_of_funds[buyer.buyer_id] = ProofOfFunds(
            key=f"pof/seed/{buyer.buyer_id}.pdf", lender_name="First Sandbox Bank", expires_at=now + timedelta(days=90)
        )
    deals["magnolia"].floor_price = FLOOR_SHARE * deals["magnolia"].asking_price // 100  # 422 below_floor
    return state


def _add_users(state: MarketState, demo_org: Organization, other_org: Organization) -> None:
    people = [
        User(stable_id("user", "buyer"), "buyer@sandbox.test", "Dana Buyer", DEMO_PASSWORD, stable_id("buyer", "buyer"),
             entity_name=DEMO_BUYER_ENTITY, phone="+12105550142", phone_type="mobile", phone_verified=True,
             buy_terms_accepted=True, completed_deals=1),
        User(stable_id("user", "newbuyer"), "newbuyer@sandbox.test", "Noel Newbuyer", DEMO_PASSWORD, stable_id("buyer", "newbuyer"),
             phone="+15125550199", phone_type="mobile"),
        User(stable_id("user", "owner"), "owner@sandbox.test", "Olive Owner", DEMO_PASSWORD, None,
             phone="+12105550100", phone_type="office", phone_verified=True, organization_id=demo_org.id, role="owner"),
        User(stable_id("user", "member"), "member@sandbox.test", "Milo Member", DEMO_PASSWORD, None,
             organization_id=demo_org.id, role="member"),
        # Accounts that meet a documented refusal (sandbox/marketplace/refusals.py; docs/contract.md).
        User(stable_id("user", "unverified"), "unverified@sandbox.test", "Uma Unverified", DEMO_PASSWORD,
             stable_id("buyer", "unverified"), entity_name="Uvalde Holdings LLC", buy_terms_accepted=True,
             identity_verified=False),
        User(stable_id("user", "solo"), "solo@sandbox.test", "Sol Solo", DEMO_PASSWORD, stable_id("buyer", "solo"),
             buy_terms_accepted=True),
        User(stable_id("user", "former"), "former@sandbox.test", "Fern Former", DEMO_PASSWORD, None,
             organization_id=demo_org.id, role=None, member=False),
        # Counterparts that exist only as data: another buyer on the demo seller's deals,
        # and the owner of a second seller organization.
        User(stable_id("user", "rival"), "rival@example.test", "Riley Rival", None, stable_id("buyer", "rival"),
             entity_name="Cedar Ridge Capital LLC", phone="+18305550123", phone_type="landline", buy_terms_accepted=True),
        User(stable_id("user", "hill-owner"), "hill@example.test", "Hale Hill", None, None,
             organization_id=other_org.id, role="owner"),
    ]
    for person in people:
        state.users[person.id] = person


def _add_deals(state: MarketState, now: datetime, org: Organization, rows: list[tuple]) -> list[tuple[str, Deal]]:
    made = []
    for index, (slug, title, city, zip_code, kind, beds, baths, sqft, price) in enumerate(rows):
        published = now - timedelta(days=30 - index)
        deal = Deal(
            id=stable_id("deal", slug), organization_id=org.id, title=title, city=city, state="TX", zip=zip_code,
            property_type=kind, bedrooms=beds, bathrooms=baths, living_area_sqft=sqft, asking_price=price,
            min_emd=round(price * 0.02, -2), closing_date=(now + timedelta(days=30 + index)).date().isoformat(),
            status="active", terms_version=1, published_at=published, updated_at=published,
            street=f"{100 + 12 * index} {slug.replace('-', ' ').title()} St",
        )
        state.deals[deal.id] = deal
        made.append((slug, deal))
    return made


def _chain(state: MarketState, now: datetime, deal: Deal, buyer_id: str, name: str, rounds: list[tuple[str, float, str]],
           final_status: str, *, days_ago: float, decline_reason: str | None = None) -> None:
    """Rounds alternate from the buyer; every round but the last is `countered`."""
    root_id = stable_id("offer", f"{name}-1")
    parent = None
    for number, (side, amount, financing) in enumerate(rounds, start=1):
        at = now - timedelta(days=days_ago - number * 0.5)
        offer_id = stable_id("offer", f"{name}-{number}")
        last = number == len(rounds)
        state.offers[offer_id] = Offer(
            id=offer_id, deal_id=deal.id, buyer_id=buyer_id, status=final_status if last else "countered",
            offer_amount=amount, emd_amount=round(amount * 0.02, -2), financing=financing, submitted_by=side,
            round=number, parent_offer_id=parent, root_offer_id=root_id,
            note=None if side == "seller" else "Can close in three weeks.",
            decline_reason=decline_reason if last else None, channel="api", created_at=at, updated_at=at,
        )
        parent = offer_id


def _add_offers(state: MarketState, now: datetime, deals: dict[str, Deal]) -> None:
    buyer = state.user_by_email("buyer@sandbox.test").buyer_id
    rival = state.user_by_email("rival@example.test").buyer_id
    # Two chains waiting for the buyer: the open round was sent by the seller.
    _chain(state, now, deals["oak"], buyer, "oak", [("buyer", 170000, "cash"), ("seller", 180000, "cash")], "new", days_ago=6)
    _chain(state, now, deals["elm"], buyer, "elm",
           [("buyer", 225000, "hard_money"), ("seller", 245000, "hard_money"), ("buyer", 235000, "hard_money"),
            ("seller", 240000, "hard_money")], "new", days_ago=9)
    _chain(state, now, deals["hickory"], buyer, "hickory", [("buyer", 145000, "cash"), ("seller", 152000, "cash")], "new",
           days_ago=4)
    # The buyer's own open round, which it may withdraw.
    _chain(state, now, deals["cedar"], buyer, "cedar", [("buyer", 295000, "cash")], "new", days_ago=2)
    _chain(state, now, deals["pecan"], buyer, "pecan", [("buyer", 198000, "cash"), ("seller", 202000, "cash")], "accepted",
           days_ago=12)
    deals["pecan"].status = "pending"
    _chain(state, now, deals["mesquite"], buyer, "mesquite", [("buyer", 120000, "cash")], "declined", days_ago=15,
           decline_reason="price_too_low")
    _chain(state, now, deals["willow"], buyer, "willow", [("buyer", 260000, "conventional")], "withdrawn", days_ago=20)
    # Another buyer's open offer on the demo seller's deal: the seller sees it, the demo buyer never does.
    _chain(state, now, deals["oak"], rival, "rival-oak", [("buyer", 172500, "cash")], "new", days_ago=3)


_READY_FIELDS = {"street": "412 Converse Ridge", "city": "Converse", "state": "TX", "zip": "78109",
                 "property_type": "single_family", "bedrooms": 3, "bathrooms": 2.0, "living_area_sqft": 1460,
                 "asking_price": 214000, "min_emd": 4000, "closing_date": "2027-01-15"}


def _add_drafts(state: MarketState, demo_org: Organization, other_org: Organization) -> None:
    def media(draft: str, count: int) -> list[Media]:
        return [
            Media(stable_id("media", f"{draft}-{n}"), "image", f"https://media.sandbox.test/{draft}/{n}.jpg",
                  f"photo-{n}.jpg", 180_000 + n * 1000, "image/jpeg", n, n == 1)
            for n in range(1, count + 1)
        ]

    for draft in (
        Draft(stable_id("draft", "ready"), demo_org.id, "Three-bed in Converse, photos in", False, media("ready", 3),
              fields=dict(_READY_FIELDS)),
        Draft(stable_id("draft", "review"), demo_org.id, "Duplex in Schertz, under review", True, media("review", 2)),
        Draft(stable_id("draft", "hill"), other_org.id, "Hill Country lot", False, media("hill", 1)),
    ):
        state.drafts[draft.id] = draft


def _add_leads(state: MarketState, now: datetime, demo_org: Organization) -> None:
    """Leads of the demo seller: open, contacted, and one closed (`lost`) that is locked."""
    for slug, name, status, days_ago in (
        ("lead-open", "Maria Motivated", "open", 2),
        ("lead-contacted", "Carl Callback", "contacted", 6),
        ("lead-lost", "Lena Lost", "lost", 20),
    ):
        at = now - timedelta(days=days_ago)
        history = [{"status": "open", "at": at}]
        if status != "open":
            history.append({"status": status, "at": at + timedelta(days=1)})
        lead = Lead(stable_id("lead", slug), demo_org.id, name, f"{slug}@example.test", None, status, history, at,
                    history[-1]["at"])
        state.leads[lead.id] = lead


def _add_reviews(state: MarketState, now: datetime, demo_org: Organization) -> None:
    """Buyers' reviews of the demo seller: one already answered (a second response is `resource_exists`)."""
    buyer = state.user_by_email("buyer@sandbox.test").buyer_id
    rival = state.user_by_email("rival@example.test").buyer_id
    for slug, buyer_id, rating, body, days_ago, response in (
        ("pecan", buyer, 5, "Clean assignment, title was ready on day one.", 10, "Thank you, Dana. Come back soon."),
        ("rival-oak", rival, 3, "Photos were older than the house's state.", 5, None),
    ):
        at = now - timedelta(days=days_ago)
        answer = None if response is None else {"body": response, "created_at": at + timedelta(days=1)}
        review = Review(stable_id("review", slug), demo_org.id, buyer_id, rating, body, at, answer)
        state.reviews[review.id] = review
