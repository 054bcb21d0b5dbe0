"""The marketplace login: OAuth 2.1 authorization code with PKCE S256 (marketplace-api.md, Authentication).

authlib's `OAuth2Client` does the protocol: the authorization URL with its S256
challenge, the code exchange, the refresh and the revocation. This package holds only
what authlib cannot know:

- where the app's client id comes from (settings, or one dynamic registration per
  installation kept in `.data/oauth_client.json`; a client id is not a secret);
- where a login waits while the person is on the issuer's pages (`LoginStore`, keyed
  by `state`, because the redirect back starts a new Streamlit session);
- where tokens live: a `TokenHolder` per Streamlit session, in memory only. Tokens
  never reach a file, a URL or a log.

Every token request names the marketplace as its `resource`: without it the token has
no marketplace audience and the gateway answers `401 unauthorized` (Authentication 3c).

`issuer.py`: discovery, the client id, `LoginError`; `login.py`: `MarketplaceLogin`;
`tokens.py`: `TokenHolder`.
"""

from services.oauth.issuer import (
    CLIENT_NAME,
    DEFAULT_CLIENT_REGISTRY,
    DISCOVERY_PATH,
    HTTP_TIMEOUT_S,
    MARKETPLACE_SCOPES,
    REGISTERED_SCOPES,
    REGISTRATION_PATH,
    REVOCATION_PATH,
    ClientRegistry,
    IssuerMetadata,
    LoginError,
    missing_scopes,
    scopes_for_sides,
)
from services.oauth.login import LoginSettings, MarketplaceLogin
from services.oauth.tokens import REFRESH_LEEWAY_S, TokenHolder

__all__ = [
    "CLIENT_NAME", "DEFAULT_CLIENT_REGISTRY", "DISCOVERY_PATH", "HTTP_TIMEOUT_S", "MARKETPLACE_SCOPES",
    "REFRESH_LEEWAY_S", "REGISTERED_SCOPES", "missing_scopes", "scopes_for_sides", "REGISTRATION_PATH", "REVOCATION_PATH", "ClientRegistry", "IssuerMetadata",
    "LoginError", "LoginSettings", "MarketplaceLogin", "TokenHolder",
]
