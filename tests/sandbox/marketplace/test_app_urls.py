"""The sandbox's registered app follows the app it serves (`--app-url`, issue 17): a login by
the registered client id comes back to that app's /marketplace, not only to localhost:8501."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx2

from services.oauth import MarketplaceLogin
from tests.processes import run_sandbox
from tests.services.test_oauth_consent import consent_through_issuer, sandbox_settings

APP_URL = "http://127.0.0.1:8617"


def test_the_registered_app_redirects_to_the_app_the_sandbox_serves(tmp_path):
    with run_sandbox("--app-url", APP_URL + "/") as sandbox:
        registered = httpx2.get(f"{sandbox.url}/_sandbox/marketplace/fixtures", timeout=60).json()["data"]["registered_app"]
        assert f"{APP_URL}/marketplace" in registered["redirect_uris"]
        assert "http://localhost:8501/marketplace" in registered["redirect_uris"], "the defaults stay"
        settings = sandbox_settings(sandbox.url, app_url=APP_URL).model_copy(update={"oauth_client_id": registered["client_id"]})
        with MarketplaceLogin(settings) as login:
            redirect = consent_through_issuer(login.begin())
        assert redirect.startswith(f"{APP_URL}/marketplace?")
        assert "code" in parse_qs(urlsplit(redirect).query)
