"""deedscope sandbox: a local server implementing the Data API and the Marketplace API.

A separate program: it shares no code with `services/`, so that a misreading of the
contract in one cannot hide in the other. Start it with `python -m sandbox`.
"""
