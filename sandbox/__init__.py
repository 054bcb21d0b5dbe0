"""deedscope sandbox: a local server implementing the Data API and the Marketplace API.

A separate program: it shares no code with `services/`, so that a misreading of the
contract in one cannot hide in the other. Start it with `python -m sandbox`.

Two halves over a small core: `sandbox.data_api` and `sandbox.marketplace` each import only
`sandbox.core` and themselves; `server.py` assembles them, `control.py` adds the `/_sandbox` routes.
"""
