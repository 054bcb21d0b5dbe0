"""Comparable sales and a value range for a property (issue 46): plain Python, no Streamlit, no client.

`comps.rules` says which recorded sales are comparable and how the search widens;
`comps.value` turns the comparable sales into a value range and says it in one sentence.
"""
