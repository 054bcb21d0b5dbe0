"""The web edge: what the app answers over HTTP before Streamlit does, and around it.

`st.App(__file__, middleware=MIDDLEWARE)` in app.py puts `web.middleware` in front of
Streamlit; it dispatches to the login's routes (`login_routes`), published files on any
replica (`published_routes`), and writes the pages' head (`early_map`, `warm_modules`).
`streamlit_private` lists every part of Streamlit the app uses that Streamlit does not
promise to keep, each with a probe (tests/web/test_streamlit_private.py).

Only app.py imports this package (tests/test_layout.py); it may use the adapter (the login,
the stores, the published map script), never a page or a component.
"""
