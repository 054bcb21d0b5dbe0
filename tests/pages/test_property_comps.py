"""A property's comparable sales and value range (issue 46; AppTest against the real sandbox).

Each test opens a parcel the sandbox's data makes notable (its fixtures: dense, thin, empty,
without a size, without a location), reads its comps as a person does (the cost stated, then
confirmed: the suite's budget asks before every charged read) and checks what the page says
against the rule it names. Passes on both sandbox profiles (`--variety` serves half the deals
unpriced, and a home's facts null on every other row).
"""

from __future__ import annotations

import io
import re
from datetime import date

import pandas as pd
from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import page_path, run_page, sandbox_fixtures
from tests.pages.apptest import texts as page_texts
from tests.pages.small_maps import layer_by_id, small_maps

PAGE = page_path("properties")
COMPS = "prop_comps"


def texts(app: AppTest) -> str:
    """What the page says, dollar signs as read (markdown escapes them: two would open a formula)."""
    return page_texts(app).replace("\\$", "$")


def open_property(property_id: str) -> AppTest:
    app = run_page(PAGE, property=property_id)
    app.button(key="prop_parcel_confirm").click().run()
    assert not app.exception
    return app


def read_comps(app: AppTest, *, steps: int = 4) -> AppTest:
    """Ask for the comps, then confirm each read the page states (a widened search states each step)."""
    app.button(key=f"{COMPS}_ask").click().run()
    for _ in range(steps):
        assert not app.exception, app.exception
        if not any(button.key == f"{COMPS}_confirm" for button in app.button):
            break
        assert re.search(r"Reading the recorded sales within [\d.]+ miles?, sold in the \d+ months to \d{4}-\d\d-\d\d "
                         r"(may cost up to [\d,]+ credits?|costs nothing)", texts(app)), texts(app)
        app.button(key=f"{COMPS}_confirm").click().run()
    assert not app.exception
    return app


def comps_table(app: AppTest) -> pd.DataFrame:
    return next(editor.value for editor in app.data_editor if "Use" in editor.value.columns)


def range_figures(app: AppTest) -> tuple[str, str, str]:
    metrics = {metric.label: metric.value for metric in app.metric}
    return metrics["Low (25th percentile)"], metrics["Middle"], metrics["High (75th percentile)"]


def rule_of(app: AppTest) -> tuple[float, int, str]:
    """The radius, months and data end the page says its comps were found by."""
    found = re.search(r"comparable sales? within ([\d.]+) miles?, sold in the (\d+) months to (\d{4}-\d\d-\d\d)", texts(app))
    assert found, texts(app)
    return float(found.group(1)), int(found.group(2)), found.group(3)


def test_comps_are_read_after_their_cost_and_follow_the_rule_they_name(app_env):
    """The dense parcel sold in the window itself: its own sale is left out, and said."""
    property_id = sandbox_fixtures(app_env)["parcel_comps_dense"]
    app = open_property(property_id)
    assert "Comparable sales" in [header.value for header in app.subheader]
    assert not app.data_editor, "nothing is read before the person asks"
    table = comps_table(read_comps(app))
    radius, months, end = rule_of(app)
    said = texts(app)
    assert len(table) >= 3 and table["Use"].all()
    assert (table["Miles"].dropna() <= radius + 0.01).all()
    assert (table["Price"].dropna() >= 10_000).all()
    start = pd.Timestamp(date.fromisoformat(end)) - pd.DateOffset(months=months)
    assert (table["Sale date"].dropna() > start).all()
    assert property_id not in set(table["Property"].dropna().str.rsplit("=", n=1).str[-1])
    assert "the property's own sales" in said, "its own sale is left out, and said"
    assert table["Buyer's page"].dropna().str.startswith("/investors?investor=inv_").all()
    assert re.search(r"Worth about \$[\d,]+ to \$[\d,]+: the middle half of the price per sq ft of \d+ comparable sales", said)
    low, middle, high = range_figures(app)
    assert int(low.strip("$").replace(",", "")) <= int(high.strip("$").replace(",", ""))
    # The property's small map: the property apart, each comp coloured by its price per sq ft.
    picture = small_maps(app)[0]
    assert len(layer_by_id(picture, "subject")["rows"]) == 1
    colours = {tuple(row["fill"]) for row in layer_by_id(picture, "comps")["rows"]}
    assert len(colours) > 1, "comps coloured by price per sq ft"


def test_unticking_a_comp_moves_the_range_and_greys_it_on_the_map(app_env):
    app = read_comps(open_property(sandbox_fixtures(app_env)["parcel_comps_dense"]))
    table = comps_table(app)
    before = range_figures(app)
    dearest = int(table["$/sq ft"].astype("float").idxmax())
    editor = next(editor for editor in app.data_editor if "Use" in editor.value.columns)
    app.session_state[editor.key] = {"edited_rows": {dearest: {"Use": False}}, "added_rows": [], "deleted_rows": []}
    app.run()
    assert not app.exception
    after = range_figures(app)
    assert after != before and after[2] != before[2], (before, after)
    sized = int(table["$/sq ft"].notna().sum())
    assert re.search(rf"the price per sq ft of {sized - 1} comparable sales", texts(app)), texts(app)
    greys = [row for row in layer_by_id(small_maps(app)[0], "comps")["rows"] if row["fill"][:3] == [160, 160, 160]]
    assert len(greys) == 1 and "left out" in greys[0]["tip"]


def test_a_thin_neighbourhood_widens_in_stated_steps(app_env):
    app = read_comps(open_property(sandbox_fixtures(app_env)["parcel_comps_thin"]))
    said = texts(app)
    steps = re.findall(r"so the search (?:widens to|reads) (within [\d.]+ miles?, sold in the \d+ months)", said)
    assert steps and steps[0].startswith("within 1 mile"), said
    assert len(steps) == len(set(steps)), "each step said once"
    radius, _months, _end = rule_of(app)
    assert radius == 1
    assert "(widened)" in said and "the search was widened" in said
    assert len(comps_table(app)) >= 1


def test_an_empty_neighbourhood_says_so_and_offers_the_wider_search(app_env):
    app = open_property(sandbox_fixtures(app_env)["parcel_comps_empty"])
    said = texts(app)
    assert re.search(r"No recorded sale within 0\.5 miles, sold in the 12 months to [\d-]+: too few to compare, so the "
                     r"search reads within 1 mile", said), said
    assert any(button.key == f"{COMPS}_ask" for button in app.button), "the wider search is offered, not read"


def test_a_subject_without_a_size_gets_the_price_based_range(app_env):
    app = read_comps(open_property(sandbox_fixtures(app_env)["parcel_without_size"]))
    said = texts(app)
    assert "This property's living area is not served" in said
    assert "the middle half of the prices of" in said and "as its living area is not served" in said
    assert "sq ft of" not in said


def test_a_parcel_without_a_location_says_comps_need_one(app_env):
    app = open_property(sandbox_fixtures(app_env)["parcel_without_location"])
    assert "Comparable sales are found around a property's location" in texts(app)
    assert not any(button.key == f"{COMPS}_ask" for button in app.button)


def test_reading_the_comps_again_costs_nothing(app_env):
    property_id = sandbox_fixtures(app_env)["parcel_comps_dense"]
    app = read_comps(open_property(property_id))
    first = comps_table(app)
    app.session_state[f"{COMPS}_state"] = None
    app.session_state[f"{COMPS}_plan"] = None
    app.session_state["adapter_comps_reads"] = None
    app.run()
    assert not app.exception
    app.button(key=f"{COMPS}_ask").click().run()
    assert "costs nothing: your account holds them" in texts(app)
    assert comps_table(app)["Deal id"].tolist() == first["Deal id"].tolist()


def test_the_comp_sheet_carries_the_property_its_comps_range_rule_freshness_and_link(app_env):
    property_id = sandbox_fixtures(app_env)["parcel_comps_dense"]
    app = read_comps(open_property(property_id))
    table = comps_table(app)
    editor = next(editor for editor in app.data_editor if "Use" in editor.value.columns)
    app.session_state[editor.key] = {"edited_rows": {0: {"Use": False}}, "added_rows": [], "deleted_rows": []}
    app.run()
    low, _middle, high = range_figures(app)
    assert "prop_comps_sheet_download" not in [button.key for button in app.get("download_button")]
    app.button(key="prop_comps_sheet_make").click().run()
    assert not app.exception
    assert [element.proto.label for element in app.get("download_button") if "comp sheet" in element.proto.label] == [
        "Download the comp sheet"]
    reader = PdfReader(io.BytesIO(app.session_state["prop_comps_sheet"][1]))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert 1 <= len(reader.pages) <= 2
    street = app.subheader[0].value.split(",")[0]
    assert f"Comp sheet: {street}" in text and property_id in text
    assert f"{low}" in text and f"{high}" in text, "the range as the page shows it"
    assert re.search(r"\d+ comparable sales within [\d.]+ miles?", text), "the rule that found them"
    assert "Grey rows were left out of the range" in text
    assert "Dataset version" in text and f"/properties?property={property_id}" in text
    assert len(table) >= 3


def test_the_comps_street_addresses_are_read_on_request_after_their_cost(app_env):
    """A deal serves its city and ZIP; each street is a parcel read, asked for and priced first."""
    app = read_comps(open_property(sandbox_fixtures(app_env)["parcel_comps_dense"]))
    before = comps_table(app)
    assert not before["Address"].str.match(r"^\d+ ").any(), "no street before it is read"
    app.button(key=f"{COMPS}_streets_ask").click().run()
    assert re.search(rf"The street addresses of {len(before)} comps may cost up to {len(before)} credits", texts(app))
    app.button(key=f"{COMPS}_streets_confirm").click().run()
    assert not app.exception
    after = comps_table(app)
    assert after["Address"].str.match(r"^\d+ \w+").all(), list(after["Address"])
    assert (after["Deal id"] == before["Deal id"]).all()
