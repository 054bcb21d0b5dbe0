"""A name written as markup renders as text wherever a name is shown (issue 26: the sandbox's demo
data held `<b>Acme & Sons</b> LLC`; that case lives here, as a fixture, not in the data people demo)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

MARKUP_NAME = "<b>Acme & Sons</b> LLC *bold* [link](http://x)"


def names_page(name: str) -> None:
    from components.investor_identity import render_investor_identity
    from components.map_cell_panel import render_top_investors
    from components.property_detail import render_property_identity
    from services.data_api.models import InvestorProfile, InvestorRow, Parcel

    profile = InvestorProfile(id="inv_0123456789ab", display_name=name, market="DFW")
    render_investor_identity(profile, key="identity")
    parcel = Parcel.model_validate(
        {"property_id": "prop_" + "0" * 32, "address": {"line": "1 Main St", "city": "Dallas", "zip": "75201"},
         "owner": {"investor_id": "inv_0123456789ab", "display_name": name}})
    render_property_identity(parcel, property_id="prop_" + "0" * 32, county_names={})
    render_top_investors([InvestorRow(id="inv_0123456789ab", display_name=name, n_deals=3, kind="FLIPPER")], key="top")


def test_a_markup_name_is_shown_as_typed_not_as_markup():
    app = AppTest.from_function(names_page, args=(MARKUP_NAME,), default_timeout=30).run()
    assert not app.exception
    heading = app.subheader[0].value
    # Escaped: markdown shows every character as typed, and no tag or emphasis is made of it.
    for char in "<>*[]()":
        assert f"\\{char}" in heading, (char, heading)
    owner = next(element.value for element in app.markdown if element.value.startswith("Owner:"))
    assert "\\<b\\>Acme \\& Sons\\</b\\>" in owner
    table = next(frame.value for frame in app.dataframe if "Investor" in frame.value.columns)
    assert table["Investor"][0] == MARKUP_NAME, "a table cell is text: the name as it is"
