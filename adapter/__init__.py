"""The Streamlit adapter: the one place that puts Streamlit (caching, session state) around `services`.

Pages call these modules and never build HTTP requests or call a client themselves
(docs/architecture.md). One module per job:

- `adapter.settings`: the process's settings (the embedded sandbox when no host is set), their
  fingerprint, and whether the map draws Carto tiles.
- `adapter.routing`: sends a page opened on a fresh server through app.py's navigation.
- `adapter.data`: the session's Data API client over a shared HTTP client and cache, its cost
  estimate, and the reads several pages share (free reads memoised across reruns, charged never).
- `adapter.investors`, `adapter.agents`, `adapter.coverage`: each page's own reads.
- `adapter.map_files`: the Map page's spec of a view and the files the browser fetches.
- `adapter.marketplace`: the marketplace login and this session's marketplace client.
- `adapter.marketplace_actions`: the buyer's reads and writes (each write's idempotency key held here).
- `adapter.values`: plain, hashable forms of what the client returns.

Every function returns plain data (`adapter.values.plain`), never a client's model.
"""
