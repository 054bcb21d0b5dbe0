"""`MarketplaceLogin`: the app's side of the PKCE login, shared by every session of one process."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx2
from authlib.common.security import generate_token
from authlib.integrations.httpx_client import OAuth2Client, OAuthError

from services.stores.login_store import LoginStore, PendingLogin
from services.oauth.issuer import HTTP_TIMEOUT_S, MARKETPLACE_SCOPES, ClientRegistry, IssuerMetadata, LoginError
from services.oauth.tokens import TokenHolder
from services.transport import shared_tls_context

# Kept in the token dict beside what the issuer sent: the redirect URI of the login, so a
# refresh or revocation uses the same (registered) client id.
REDIRECT_URI_KEY = "deedscope_redirect_uri"


def binding_hash(browser_binding: str) -> str:
    """What the pending login keeps of the browser's binding cookie (never the value itself)."""
    return hashlib.sha256(browser_binding.encode()).hexdigest()


class LoginSettings(Protocol):
    """What the login reads: `services.settings.Settings` has it (any object with these names will do)."""

    auth_url: str | None
    marketplace_url: str | None
    app_url: str
    oauth_client_id: str | None


class MarketplaceLogin:
    """The app's side of the login, shared by every session of one app process."""

    def __init__(
        self,
        settings: LoginSettings,
        *,
        login_store: LoginStore | None = None,
        client_registry: ClientRegistry | None = None,
        http_client: httpx2.Client | None = None,
        clock: Callable[[], float] = time.time,
        scopes: tuple[str, ...] = MARKETPLACE_SCOPES,
    ) -> None:
        self.scopes = tuple(scopes)
        self.auth_url = settings.auth_url.rstrip("/")
        self.resource = settings.marketplace_url.rstrip("/")
        self.redirect_uri = settings.app_url.rstrip("/") + "/marketplace"
        self._configured_client_id = getattr(settings, "oauth_client_id", None)
        self.login_store = login_store or LoginStore(clock=clock)
        self.client_registry = client_registry or ClientRegistry()
        self._http = http_client or httpx2.Client(timeout=HTTP_TIMEOUT_S, verify=shared_tls_context())
        self._clock = clock
        self._metadata: IssuerMetadata | None = None
        self._lock = threading.Lock()

    @property
    def metadata(self) -> IssuerMetadata:
        with self._lock:
            if self._metadata is None:
                self._metadata = IssuerMetadata.discover(self.auth_url, self._http)
            return self._metadata

    @property
    def client_id(self) -> str:
        return self.client_id_for(self.redirect_uri)

    def client_id_for(self, redirect_uri: str) -> str:
        """The configured client id, else the one registered for this redirect URI."""
        if self._configured_client_id:
            return self._configured_client_id
        return self.client_registry.client_id(self.metadata, redirect_uri, self._http)

    def oauth_client(self, token: dict | None = None, *, with_scope: bool = True, scopes: tuple[str, ...] | None = None,
                     **options: Any) -> OAuth2Client:
        """An authlib client for one exchange; every token request carries `resource`.

        A token keeps the redirect URI of its login (`REDIRECT_URI_KEY`): its refreshes and
        revocation go out under the client id that login used."""
        redirect_uri = options.pop("redirect_uri", None) or (token or {}).get(REDIRECT_URI_KEY) or self.redirect_uri
        client = OAuth2Client(
            client_id=self.client_id_for(redirect_uri),
            scope=" ".join(scopes or self.scopes) if with_scope else None,
            redirect_uri=redirect_uri,
            code_challenge_method="S256",
            token=token,
            token_endpoint=self.metadata.token_endpoint,
            timeout=HTTP_TIMEOUT_S,
            verify=shared_tls_context(),
            **options,
        )
        client.register_compliance_hook("refresh_token_request", self._add_resource)
        return client

    def _add_resource(self, url: str, headers: dict, body: str) -> tuple[str, dict, str]:
        # authlib sends no `resource` on refresh; a refreshed token must keep the
        # marketplace audience (Authentication 3c).
        return url, headers, body + "&" + urlencode({"resource": self.resource})

    def begin(
        self, return_to: str = "marketplace", *, redirect_uri: str | None = None, browser_binding: str | None = None,
        scopes: tuple[str, ...] | None = None,
    ) -> str:
        """The issuer URL that starts a login; the verifier waits in the store under `state`.

        `redirect_uri` is where the issuer sends the person back (the app's own address);
        settings' `app_url` when not given. `browser_binding` is the random value of the
        browser's binding cookie: only its hash is kept, and `complete` then asks for it.
        `scopes` (`scopes_for_sides` of the account's sides) replaces the default buyer's scopes."""
        redirect_uri = redirect_uri or self.redirect_uri
        code_verifier = generate_token(64)
        state = generate_token(32)
        url = self._authorization_url(state, code_verifier, redirect_uri, scopes)
        if not self._configured_client_id and not self._issuer_knows_client(url):
            # The issuer forgot our registration (a restarted sandbox, a pruned personal
            # client): its page would only say "unknown application", so register again.
            self.client_registry.forget(self.metadata, redirect_uri)
            url = self._authorization_url(state, code_verifier, redirect_uri, scopes)
        self.login_store.put(
            state=state,
            code_verifier=code_verifier,
            redirect_uri=redirect_uri,
            return_to=return_to,
            binding_hash=binding_hash(browser_binding) if browser_binding else "",
        )
        return url

    def _authorization_url(self, state: str, code_verifier: str, redirect_uri: str,
                           scopes: tuple[str, ...] | None = None) -> str:
        with self.oauth_client(redirect_uri=redirect_uri, scopes=scopes) as client:
            url, _ = client.create_authorization_url(
                self.metadata.authorization_endpoint,
                state=state,
                code_verifier=code_verifier,
                resource=self.resource,
            )
        return url

    def _issuer_knows_client(self, authorization_url: str) -> bool:
        """Whether the issuer still holds our dynamic registration for this URL's redirect URI.

        Never a server-side GET of the authorization URL (issue 15: an issuer that refuses
        such requests would cost a new registration per link, and a personal client holds
        three people): the registration is read back once per process (RFC 7592), and a
        configured client id is taken as given.
        """
        if self._configured_client_id:
            return True
        redirect_uri = parse_qs(urlsplit(authorization_url).query).get("redirect_uri", [self.redirect_uri])[0]
        return self.client_registry.still_registered(self.metadata, redirect_uri, self._http)

    def complete(
        self, *, code: str, state: str, issuer: str | None = None, browser_binding: str | None = None
    ) -> tuple[TokenHolder, PendingLogin]:
        """Exchange the code the issuer sent back; the pending login is used up either way.

        `issuer` is the redirect's `iss` (RFC 9207) when the issuer sends one: a code from
        another issuer is never sent to ours. A login begun with a browser binding finishes
        only with the same value (the binding cookie): a callback URL replayed in another
        browser logs nobody in, and its code is never exchanged.
        """
        pending = self.login_store.take(state)
        if pending is None:
            raise LoginError(
                "login_expired",
                "This login link was already used or is older than ten minutes.",
                "Log in again from the Marketplace page.",
            )
        if pending.binding_hash and not (
            browser_binding and hmac.compare_digest(binding_hash(browser_binding), pending.binding_hash)
        ):
            raise LoginError(
                "login_other_browser",
                "This login did not start in this browser (or this browser has started a newer login since), so nobody was logged in.",
                "Press Log in on the Marketplace page to log in from this browser.",
            )
        if issuer is not None and issuer.rstrip("/") != self.metadata.issuer.rstrip("/"):
            raise LoginError("issuer_mismatch", "The login came back from an issuer this app did not send you to.")
        with self.oauth_client(redirect_uri=pending.redirect_uri) as client:
            try:
                token = client.fetch_token(
                    self.metadata.token_endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=pending.code_verifier,
                    redirect_uri=pending.redirect_uri,
                    resource=self.resource,
                )
            except OAuthError as error:
                if error.error == "invalid_client" and not self._configured_client_id:
                    self.client_registry.forget(self.metadata, pending.redirect_uri)
                raise LoginError(error.error or "login_failed", "The issuer refused the login.") from None
        return TokenHolder(self, {**token, REDIRECT_URI_KEY: pending.redirect_uri}, clock=self._clock), pending

    def revoke(self, refresh_token: str, *, redirect_uri: str | None = None) -> None:
        """End the refresh token and every access token it minted (Authentication 5)."""
        with self.oauth_client(redirect_uri=redirect_uri) as client:
            response = client.revoke_token(
                self.metadata.revocation_endpoint, token=refresh_token, token_type_hint="refresh_token"
            )
        if response.status_code >= 400:
            raise LoginError("revocation_failed", f"The issuer did not confirm the log-out (HTTP {response.status_code}).", "Try logging out again.")

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> MarketplaceLogin:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
