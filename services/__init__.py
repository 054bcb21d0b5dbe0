"""deedscope's API clients. Never imports streamlit; usable from a REPL or a script."""

from services.data_api.cache import VersionedCache
from services.stores.memory import CacheStore, MemoryStore
from services.data_api.credits import CreditMeter, Credits
from services.data_api import DataApi
from services.errors import (
    UnexpectedResponseError,
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    GatewayTimeoutError,
    GoneError,
    InvalidCursorError,
    InvalidInputError,
    NotFoundError,
    OutsideCoverageError,
    PermissionDeniedError,
    QuotaExceededError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
    UnprocessableError,
    ValidationError,
)
from services.pagination import Page
from services.settings import Settings, load_settings

__all__ = [
    "ApiConnectionError", "ApiError", "ApiStatusError", "ApiTimeoutError", "AuthenticationError",
    "BadRequestError", "CacheStore", "ConflictError", "CreditMeter", "Credits", "DataApi",
    "GatewayTimeoutError", "GoneError", "InvalidCursorError", "InvalidInputError", "MemoryStore",
    "NotFoundError", "OutsideCoverageError", "Page", "PermissionDeniedError", "QuotaExceededError",
    "RateLimitError", "ServerError", "ServiceUnavailableError", "Settings", "UnprocessableError",
    "UnexpectedResponseError", "ValidationError", "VersionedCache", "load_settings",
]
