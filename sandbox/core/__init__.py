"""What both halves of the sandbox share: the settings, the clock, the context, the problems.

Nothing here imports `sandbox.data_api` or `sandbox.marketplace`; each half imports only
this package and itself.
"""
