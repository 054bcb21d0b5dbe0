"""Access and refresh tokens of the issuer (marketplace-api.md, Authentication 4-5).

Access tokens are ES256 JWTs signed with a key made at start (published as JWKS);
they carry `fid`, the refresh family, so that revoking the family ends them too.
Refresh tokens are opaque and rotate; presenting a rotated one revokes the family.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey

from sandbox.core.clock import Clock

ACCESS_TOKEN_SECONDS = 15 * 60  # marketplace-api.md, Limits
REFRESH_TOKEN_SECONDS = 30 * 86400  # marketplace-api.md, Limits
AUTHORIZATION_CODE_SECONDS = 600  # RFC 6749 4.1.2: "a maximum lifetime of 10 minutes is RECOMMENDED"


@dataclass
class Family:
    """One login: every refresh token rotated from it and every access token they minted."""

    id: str
    client_id: str
    user_id: str
    scope: list[str]
    audience: str | None
    revoked: bool = False


@dataclass
class RefreshToken:
    family_id: str
    expires_at: float
    rotated: bool = False


@dataclass
class AuthorizationCode:
    client_id: str
    redirect_uri: str
    user_id: str
    scope: list[str]
    code_challenge: str
    expires_at: float


@dataclass
class TokenStore:
    """Keys, codes and token families; survives a sandbox reset (only demo data is reset)."""

    issuer: str
    clock: Clock
    key: ECKey = field(default_factory=lambda: ECKey.generate_key("P-256", parameters={"kid": secrets.token_hex(8)}))
    families: dict[str, Family] = field(default_factory=dict)
    refresh_tokens: dict[str, RefreshToken] = field(default_factory=dict)
    codes: dict[str, AuthorizationCode] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def jwks(self) -> dict:
        return {"keys": [{**self.key.as_dict(private=False), "use": "sig", "alg": "ES256"}]}

    def issue_code(self, code: AuthorizationCode) -> str:
        value = secrets.token_urlsafe(32)
        with self.lock:
            self.codes[value] = code
        return value

    def take_code(self, value: str) -> AuthorizationCode | None:
        """A code works once (RFC 6749 4.1.2) and for ten minutes."""
        with self.lock:
            code = self.codes.pop(value, None)
        if code is None or code.expires_at <= self.clock.time():
            return None
        return code

    def start_family(self, client_id: str, user_id: str, scope: list[str], audience: str | None) -> Family:
        family = Family("fam_" + secrets.token_hex(8), client_id, user_id, scope, audience)
        with self.lock:
            self.families[family.id] = family
        return family

    def mint(self, family: Family, *, with_refresh: bool) -> dict:
        """The token response body (RFC 6749 5.1) for one family."""
        now = int(self.clock.time())
        claims = {
            "iss": self.issuer,
            "sub": family.user_id,
            "client_id": family.client_id,
            "scope": " ".join(family.scope),
            "iat": now,
            "exp": now + ACCESS_TOKEN_SECONDS,
            "jti": secrets.token_hex(12),
            "fid": family.id,
        }
        # Without `resource` the token has no marketplace audience (Authentication 3c);
        # it is then addressed to the client alone.
        claims["aud"] = family.audience or family.client_id
        access = jwt.encode({"alg": "ES256", "kid": self.key.kid, "typ": "at+jwt"}, claims, self.key)
        body = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_SECONDS,
            "scope": " ".join(family.scope),
        }
        if with_refresh:
            refresh = "rt_" + secrets.token_urlsafe(32)
            with self.lock:
                self.refresh_tokens[refresh] = RefreshToken(family.id, self.clock.time() + REFRESH_TOKEN_SECONDS)
            body["refresh_token"] = refresh
        return body

    def rotate(self, value: str) -> Family | None:
        """Spend a refresh token; a rotated one presented again revokes its family."""
        with self.lock:
            token = self.refresh_tokens.get(value)
            if token is None:
                return None
            family = self.families[token.family_id]
            if token.rotated:
                family.revoked = True
                return None
            if family.revoked or token.expires_at <= self.clock.time():
                return None
            token.rotated = True
            return family

    def revoke(self, value: str, client_id: str | None) -> None:
        """RFC 7009: ends the refresh token's family; unknown tokens, or another client's, are not an error."""
        with self.lock:
            token = self.refresh_tokens.get(value)
            if token is None:
                return
            family = self.families[token.family_id]
            if client_id is None or client_id == family.client_id:
                family.revoked = True

    def verify(self, token: str, audience: str) -> dict | None:
        """Claims of a valid access token for `audience`; None for anything else."""
        try:
            decoded = jwt.decode(token, self.key, algorithms=["ES256"])
        except (JoseError, ValueError, TypeError, KeyError):
            # Anything that does not decode is simply not a token of ours.
            return None
        claims = decoded.claims
        if claims.get("iss") != self.issuer or claims.get("aud") != audience:
            return None
        if not isinstance(claims.get("exp"), int) or claims["exp"] <= self.clock.time():
            return None
        family = self.families.get(claims.get("fid", ""))
        if family is None or family.revoked:
            return None
        return claims
