"""deedscope's API clients. Never imports streamlit; usable from a REPL or a script.

    from services import DataApi, load_settings

Nothing is imported until it is asked for (PEP 562's module `__getattr__`): the plain
packages (`mapspec`, `links`, ...) read `services.contract`, and importing the package that
holds it must not load the HTTP client, httpx2 and pydantic with it (0.47 s; issue 41, 5).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each public name and the module that defines it, imported on first use.
_ERRORS = (
    "UnexpectedResponseError", "ApiConnectionError", "ApiError", "ApiStatusError", "ApiTimeoutError",
    "AuthenticationError", "BadRequestError", "ConflictError", "GatewayTimeoutError", "GoneError",
    "InvalidCursorError", "InvalidInputError", "NotFoundError", "OutsideCoverageError", "PermissionDeniedError",
    "QuotaExceededError", "RateLimitError", "ServerError", "ServiceUnavailableError", "UnprocessableError",
    "ValidationError",
)
_HOMES = {
    "VersionedCache": "services.data_api.cache",
    "CacheStore": "services.stores.memory",
    "MemoryStore": "services.stores.memory",
    "CreditMeter": "services.data_api.credits",
    "Credits": "services.data_api.credits",
    "DataApi": "services.data_api",
    "Page": "services.pagination",
    "Settings": "services.settings",
    "load_settings": "services.settings",
    **{name: "services.errors" for name in _ERRORS},
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'services' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next lookup is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:  # what a type checker and an editor see; nothing runs
    from services.data_api import DataApi
    from services.data_api.cache import VersionedCache
    from services.data_api.credits import CreditMeter, Credits
    from services.errors import (
        ApiConnectionError, ApiError, ApiStatusError, ApiTimeoutError, AuthenticationError, BadRequestError,
        ConflictError, GatewayTimeoutError, GoneError, InvalidCursorError, InvalidInputError, NotFoundError,
        OutsideCoverageError, PermissionDeniedError, QuotaExceededError, RateLimitError, ServerError,
        ServiceUnavailableError, UnexpectedResponseError, UnprocessableError, ValidationError,
    )
    from services.pagination import Page
    from services.settings import Settings, load_settings
    from services.stores.memory import CacheStore, MemoryStore
