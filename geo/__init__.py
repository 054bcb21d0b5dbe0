"""Geography every map of the app may draw, without Streamlit: the US states' outlines
(`geo.us_states`, shipped in `geo/data/`, its source and licence in `geo/data/README.md`)."""
