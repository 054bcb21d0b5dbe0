"""The OAuth 2.1 authorization server under /auth (marketplace-api.md, Authentication).

Discovery, dynamic registration (RFC 7591), the authorization endpoint with its login and
consent pages (PKCE S256 only, exact redirect URI), the token endpoint (code and refresh
grants, `resource` per RFC 8707) and revocation (RFC 7009).
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

from sandbox.marketplace import consent_page
from sandbox.marketplace.clients import Client, RegistrationError
from sandbox.marketplace.models import User
from sandbox.marketplace.runtime import Runtime, RuntimeDep
from sandbox.marketplace.scopes import OFFLINE_ACCESS, SCOPES, parse_scope
from sandbox.marketplace.tokens import AUTHORIZATION_CODE_SECONDS, AuthorizationCode

# RFC 7636 4.1 / 4.2: verifier and S256 challenge are 43-128 unreserved characters.
_PKCE_VALUE = re.compile(r"^[A-Za-z0-9\-._~]{43,128}$")
_AUTHORIZE_PARAMS = ("response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge",
                     "code_challenge_method", "resource")
LOGIN_TICKET_SECONDS = 600
NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}
router = APIRouter(prefix="/auth", tags=["oauth issuer"])


class RedirectError(Exception):
    """An authorization error that goes back to the (verified) redirect URI."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


@dataclass
class AuthorizeRequest:
    client: Client
    params: dict[str, str]
    scopes: list[str]


def _oauth_error(error: str, description: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": error, "error_description": description}, status_code=status, headers=NO_STORE)


def _redirect(runtime: Runtime, redirect_uri: str, values: dict[str, str]) -> RedirectResponse:
    # RFC 9207: `iss` lets the client check which issuer answered.
    query = urlencode({**values, "iss": runtime.context.config.issuer})
    separator = "&" if "?" in redirect_uri else "?"
    return RedirectResponse(f"{redirect_uri}{separator}{query}", status_code=302)


def _check_authorize(runtime: Runtime, raw: dict[str, str]) -> AuthorizeRequest | HTMLResponse:
    """An HTML error page when client or redirect URI are wrong; never redirect then."""
    params = {name: raw.get(name, "") for name in _AUTHORIZE_PARAMS}
    client = runtime.clients.get(params["client_id"])
    if client is None:
        return HTMLResponse(consent_page.error_page("Unknown application", "This application is not registered with the Marketplace. Ask its developer to register it again."), status_code=400)
    if params["redirect_uri"] not in client.redirect_uris:
        return HTMLResponse(consent_page.error_page("Redirect address not registered", "The application asked to send you to an address it did not register, so the Marketplace stops here. Tell the application's developer."), status_code=400)
    if params["response_type"] != "code":
        raise RedirectError("unsupported_response_type", "Only response_type=code is supported.")
    if params["code_challenge_method"] != "S256":
        raise RedirectError("invalid_request", "PKCE is required with code_challenge_method=S256; 'plain' is refused.")
    if not _PKCE_VALUE.match(params["code_challenge"]):
        raise RedirectError("invalid_request", "code_challenge must be the 43-character base64url SHA-256 of the verifier.")
    scopes, unknown = parse_scope(params["scope"])
    if unknown:
        raise RedirectError("invalid_scope", f"Unknown scope: {' '.join(unknown)}.")
    return AuthorizeRequest(client, params, scopes)


def _terms_needed(runtime: Runtime, user: User) -> list[str]:
    needed = []
    if user.buyer_id and not user.buy_terms_accepted:
        needed.append("as a buyer")
    organization = runtime.state.organizations.get(user.organization_id or "")
    if organization and not organization.sell_terms_accepted:
        needed.append(f"for {organization.name}")
    return needed


def _accept_terms(runtime: Runtime, user: User) -> None:
    with runtime.state.lock:
        if user.buyer_id:
            user.buy_terms_accepted = True
        organization = runtime.state.organizations.get(user.organization_id or "")
        if organization:
            organization.sell_terms_accepted = True


def _limit_notice(client: Client, user: User) -> str | None:
    if client.refuses(user.id, user.organization_id):
        return ("client_limit: this personal application already holds consent from its limit of one organization "
                "and three people. Ask its developer to register an application for you.")
    return None


@router.get("/.well-known/openid-configuration")
def discovery(runtime: RuntimeDep) -> JSONResponse:
    issuer = runtime.context.config.issuer
    return JSONResponse({
        "issuer": issuer,
        "authorization_endpoint": f"{issuer}/oauth2/authorize",
        "token_endpoint": f"{issuer}/oauth2/token",
        "registration_endpoint": f"{issuer}/oauth2/register",
        "revocation_endpoint": f"{issuer}/oauth2/revoke",
        "jwks_uri": f"{issuer}/.well-known/jwks.json",
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
        "scopes_supported": [*SCOPES, OFFLINE_ACCESS],
        "id_token_signing_alg_values_supported": ["ES256"],
        "subject_types_supported": ["public"],
        "authorization_response_iss_parameter_supported": True,
    })


@router.get("/.well-known/jwks.json")
def jwks(runtime: RuntimeDep) -> JSONResponse:
    return JSONResponse(runtime.tokens.jwks)


@router.post("/oauth2/register")
async def register(request: Request, runtime: RuntimeDep) -> JSONResponse:
    try:
        metadata = await request.json()
    except ValueError:
        metadata = None
    try:
        client = runtime.clients.register(metadata, int(runtime.context.clock.time()))
    except RegistrationError as refused:
        return _oauth_error(refused.error, refused.description)
    return JSONResponse(_registration(runtime, client), status_code=201, headers=NO_STORE)


@router.get("/oauth2/register/{client_id}")
def read_registration(client_id: str, request: Request, runtime: RuntimeDep) -> JSONResponse:
    """RFC 7592 2.1: a client reads its own registration with its registration access token;
    an unknown client (or a wrong token) answers 401 `invalid_token`."""
    client = runtime.clients.get(client_id)
    sent = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
    if client is None or not client.personal or not secrets.compare_digest(sent, client.registration_access_token):
        return JSONResponse({"error": "invalid_token", "error_description": "No such client for this token."},
                            status_code=401, headers={"WWW-Authenticate": 'Bearer error="invalid_token"', **NO_STORE})
    return JSONResponse(_registration(runtime, client), headers=NO_STORE)


def _registration(runtime: Runtime, client: Client) -> dict:
    return {
        "client_id": client.client_id,
        "client_id_issued_at": client.issued_at,
        "client_name": client.client_name,
        "redirect_uris": client.redirect_uris,
        "token_endpoint_auth_method": "none",
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "registration_client_uri": f"{runtime.context.config.issuer}/oauth2/register/{client.client_id}",
        "registration_access_token": client.registration_access_token,
    }


# HTML, not part of the API schema (one function answers GET and POST).
@router.api_route("/oauth2/authorize", methods=["GET", "POST"], include_in_schema=False)
async def authorize(request: Request, runtime: RuntimeDep):
    """GET shows the login form; POST without a ticket signs in and shows consent; POST with one decides."""
    form = dict(await request.form()) if request.method == "POST" else {}
    raw = {**dict(request.query_params), **{k: str(v) for k, v in form.items()}}
    try:
        checked = _check_authorize(runtime, raw)
    except RedirectError as refused:
        return _redirect(runtime, raw["redirect_uri"], {"error": refused.error, "error_description": refused.description, **({"state": raw["state"]} if raw.get("state") else {})})
    if isinstance(checked, HTMLResponse):
        return checked
    if request.method == "GET":
        return HTMLResponse(consent_page.login_page(checked.params, checked.client.client_name))
    if "ticket" not in raw:
        return _sign_in(runtime, checked, raw)
    return _decide(runtime, checked, raw)


def _sign_in(runtime: Runtime, checked: AuthorizeRequest, raw: dict[str, str]) -> HTMLResponse:
    """The login form posted: the consent page, holding a ticket for the person who signed in."""
    client, params = checked.client, checked.params
    user = runtime.state.user_by_email(raw.get("email", ""))
    if user is None or user.password is None or not secrets.compare_digest(user.password, raw.get("password", "")):
        page = consent_page.login_page(params, client.client_name, error="E-mail or password is wrong. Try again.", email=raw.get("email", ""))
        return HTMLResponse(page, status_code=401)
    ticket = secrets.token_urlsafe(24)
    runtime.login_tickets[ticket] = (user.id, client.client_id, runtime.context.clock.time() + LOGIN_TICKET_SECONDS)
    return HTMLResponse(consent_page.consent_page(
        params, client.client_name, ticket=ticket, person=user.email, scopes=checked.scopes,
        terms_needed=_terms_needed(runtime, user), limit_notice=_limit_notice(client, user),
    ))


def _decide(runtime: Runtime, checked: AuthorizeRequest, raw: dict[str, str]) -> HTMLResponse | RedirectResponse:
    """The consent form posted: back to the client with a code, or with the refusal."""
    client, params = checked.client, checked.params
    state_echo = {"state": params["state"]} if params["state"] else {}
    held = runtime.login_tickets.pop(raw["ticket"], None)
    if held is None or held[1] != client.client_id or held[2] <= runtime.context.clock.time():
        page = consent_page.login_page(params, client.client_name, error="Your sign-in expired. Log in again.")
        return HTMLResponse(page, status_code=400)
    user = runtime.state.users[held[0]]
    if raw.get("decision") != "allow":
        return _redirect(runtime, params["redirect_uri"], {"error": "access_denied", "error_description": "The person denied access.", **state_echo})
    if _limit_notice(client, user):
        return _redirect(runtime, params["redirect_uri"], {
            "error": "client_limit",
            "error_description": "This personal application holds consent from one organization and three people already.",
            **state_echo,
        })
    if raw.get("accept_terms"):
        _accept_terms(runtime, user)
    client.remember_consent(user.id, user.organization_id)
    code = runtime.tokens.issue_code(AuthorizationCode(
        client.client_id, params["redirect_uri"], user.id, checked.scopes, params["code_challenge"],
        runtime.context.clock.time() + AUTHORIZATION_CODE_SECONDS,
    ))
    return _redirect(runtime, params["redirect_uri"], {"code": code, **state_echo})


@router.post("/oauth2/token")
async def token(request: Request, runtime: RuntimeDep) -> JSONResponse:
    if not request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        return _oauth_error("invalid_request", "Send the token request form-encoded (RFC 6749 4.1.3).")
    form = {k: str(v) for k, v in (await request.form()).items()}
    client = runtime.clients.get(form.get("client_id"))
    if client is None:
        return _oauth_error("invalid_client", "Unknown client_id.", status=401)
    resource = form.get("resource")
    marketplace = runtime.context.config.marketplace_url
    if resource is not None and resource.rstrip("/") != marketplace:
        return _oauth_error("invalid_target", f"The only resource served here is {marketplace}.")
    audience = marketplace if resource else None
    grant = form.get("grant_type")
    if grant == "authorization_code":
        return _exchange_code(runtime, client, form, audience)
    if grant == "refresh_token":
        return _refresh(runtime, client, form, audience)
    return _oauth_error("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.")


@router.post("/oauth2/revoke")
async def revoke(request: Request, runtime: RuntimeDep) -> JSONResponse:
    form = {k: str(v) for k, v in (await request.form()).items()}
    if not form.get("token"):
        return _oauth_error("invalid_request", "Send the refresh token to revoke in `token`.")
    runtime.tokens.revoke(form["token"], form.get("client_id"))
    # RFC 7009 2.2: 200 whether or not the token was known.
    return JSONResponse({}, headers=NO_STORE)


def _exchange_code(runtime: Runtime, client: Client, form: dict[str, str], audience: str | None) -> JSONResponse:
    code = runtime.tokens.take_code(form.get("code", ""))
    if code is None or code.client_id != client.client_id:
        return _oauth_error("invalid_grant", "The authorization code is unknown, used or expired.")
    if form.get("redirect_uri") != code.redirect_uri:
        return _oauth_error("invalid_grant", "redirect_uri differs from the one of the authorization request.")
    verifier = form.get("code_verifier", "")
    if not _PKCE_VALUE.match(verifier):
        return _oauth_error("invalid_request", "code_verifier (43-128 characters) is required: PKCE S256.")
    digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    if not secrets.compare_digest(digest, code.code_challenge):
        return _oauth_error("invalid_grant", "code_verifier does not match the code_challenge.")
    family = runtime.tokens.start_family(client.client_id, code.user_id, code.scope, audience)
    body = runtime.tokens.mint(family, with_refresh=OFFLINE_ACCESS in code.scope)
    return JSONResponse(body, headers=NO_STORE)


def _refresh(runtime: Runtime, client: Client, form: dict[str, str], audience: str | None) -> JSONResponse:
    family = runtime.tokens.rotate(form.get("refresh_token", ""))
    if family is None or family.client_id != client.client_id:
        return _oauth_error("invalid_grant", "The refresh token is unknown, expired, revoked or already used.")
    # The strict reading of Authentication 3c (docs/contract.md): each token request names its
    # audience; a refresh without `resource` yields a token with no marketplace audience.
    family.audience = audience
    return JSONResponse(runtime.tokens.mint(family, with_refresh=True), headers=NO_STORE)
