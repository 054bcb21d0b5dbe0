"""Settings of decisions.md: the environment first, then `.streamlit/secrets.toml`.

The secrets file holds the same names in lower case (`deedscope_api_key = "zpka_..."`).
The API key is a `SecretStr`: it never shows in `repr`, `str` or a log line.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, SecretStr

from services import contract

DEFAULT_SECRETS_PATH = Path(".streamlit") / "secrets.toml"
DEFAULT_APP_URL = "http://localhost:8501"
# decisions.md, Sandbox: the embedded sandbox's demo key and on-behalf identity.
EMBEDDED_API_KEY = contract.SANDBOX_API_KEY
EMBEDDED_ON_BEHALF_OF = contract.SANDBOX_ON_BEHALF_OF

# field name -> environment name (decisions.md, Names and configuration)
SETTING_NAMES = {
    "api_url": "DEEDSCOPE_API_URL",
    "api_key": "DEEDSCOPE_API_KEY",
    "on_behalf_of": "DEEDSCOPE_ON_BEHALF_OF",
    "marketplace_url": "DEEDSCOPE_MARKETPLACE_URL",
    "auth_url": "DEEDSCOPE_AUTH_URL",
    "oauth_client_id": "DEEDSCOPE_OAUTH_CLIENT_ID",
    "app_url": "DEEDSCOPE_APP_URL",
    "cache_url": "DEEDSCOPE_CACHE_URL",
    "session_key": "DEEDSCOPE_SESSION_KEY",
}
URL_FIELDS = ("api_url", "marketplace_url", "auth_url", "app_url")


class Settings(BaseModel):
    """Where the APIs are and how to call them. `api_url=None` means the embedded sandbox."""

    model_config = ConfigDict(frozen=True)

    api_url: str | None = None
    api_key: SecretStr | None = None
    on_behalf_of: str | None = None
    marketplace_url: str | None = None
    auth_url: str | None = None
    oauth_client_id: str | None = None
    app_url: str = DEFAULT_APP_URL
    cache_url: SecretStr | None = None  # a redis URL may carry a password
    # Encrypts login sessions and signs what the replicas share; the same on every replica.
    session_key: SecretStr | None = None

    @property
    def is_embedded(self) -> bool:
        return self.api_url is None

    @property
    def auth_url_missing(self) -> bool:
        """A configured host without `DEEDSCOPE_AUTH_URL`: the marketplace login cannot start
        (decisions.md: `{DEEDSCOPE_API_URL}/auth` is the default on the sandbox only)."""
        return not self.is_embedded and not self.auth_url

    def with_api_url(
        self,
        url: str,
        key: str = EMBEDDED_API_KEY,
        on_behalf_of: str | None = EMBEDDED_ON_BEHALF_OF,
    ) -> Settings:
        """These settings pointed at a running service (the embedded sandbox once it is up)."""
        url = url.rstrip("/")
        return self.model_copy(
            update={
                "api_url": url,
                "api_key": SecretStr(key),
                "on_behalf_of": on_behalf_of,
                "marketplace_url": self.marketplace_url or url + contract.MARKETPLACE_BASE_PATH,
                "auth_url": self.auth_url or url + contract.AUTH_BASE_PATH,
            }
        )


class MarketplaceSettings(BaseModel):
    """What `MarketplaceApi` needs: where the Marketplace API is (decisions.md: by default
    `{DEEDSCOPE_API_URL}/marketplace/v1`). `Settings` carries it too; `of()` takes either."""

    model_config = ConfigDict(frozen=True)

    marketplace_url: str

    @classmethod
    def of(cls, settings: Settings | MarketplaceSettings) -> MarketplaceSettings:
        if isinstance(settings, MarketplaceSettings):
            return settings
        url = getattr(settings, "marketplace_url", None)
        if not url:
            raise ValueError("marketplace_url is not set: set DEEDSCOPE_MARKETPLACE_URL or DEEDSCOPE_API_URL")
        return cls(marketplace_url=str(url).rstrip("/"))


def load_settings(environ: Mapping[str, str] | None = None, secrets_path: str | Path | None = None) -> Settings:
    """Read settings; the environment wins over the secrets file, empty values count as unset."""
    environ = os.environ if environ is None else environ
    secrets = read_secrets(Path(secrets_path) if secrets_path is not None else DEFAULT_SECRETS_PATH)
    values: dict[str, str] = {}
    for field, env_name in SETTING_NAMES.items():
        value = environ.get(env_name)
        if value is None or not value.strip():
            value = secrets.get(env_name.lower())
        if value is not None and str(value).strip():
            values[field] = str(value).strip()
    for field in URL_FIELDS:
        if field in values:
            values[field] = values[field].rstrip("/")
    api_url = values.get("api_url")
    if api_url:
        # decisions.md: the marketplace defaults under the data service's base URL; the issuer
        # only "on the sandbox" (the embedded one: `with_api_url`), so a configured host needs
        # DEEDSCOPE_AUTH_URL (`Settings.auth_url_missing`, said at start).
        values.setdefault("marketplace_url", api_url + contract.MARKETPLACE_BASE_PATH)
    return Settings(**values)


def read_secrets(path: Path) -> dict[str, object]:
    """The secrets file's top-level settings, names in lower case ({} when there is none)."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path} is not valid TOML: {error}") from None
    return {str(key).lower(): value for key, value in data.items() if not isinstance(value, dict)}
