"""Watches (issue 47): a place, an investor, a parcel, a lender or a wholesaler a person follows, and
what changed at each publish. Plain Python, no Streamlit and no client: the watch and what was seen of
it (model.py), its name (names.py), what changed between two publishes (changes.py), the list's rules
(watchlist.py) and the export file's format (export.py). The adapter reads the figures
(adapter/watching.py, adapter/watch_checks.py) and the Watching page shows them (pages/watching.py).
"""
