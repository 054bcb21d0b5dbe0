"""Settings precedence: environment, then `.streamlit/secrets.toml`, then defaults (decisions.md)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from services.settings import EMBEDDED_API_KEY, load_settings

KEY = "zpka_secret_value_123"


@pytest.fixture
def secrets_file(tmp_path: Path) -> Path:
    path = tmp_path / "secrets.toml"
    path.write_text(
        'deedscope_api_url = "https://secrets.example/"\n'
        f'deedscope_api_key = "{KEY}-from-file"\n'
        'deedscope_on_behalf_of = "dev_file"\n'
        '[other_section]\nx = 1\n'
    )
    return path


@pytest.mark.parametrize(
    ("environ", "field", "expected"),
    [
        pytest.param({}, "api_url", "https://secrets.example", id="file-when-env-unset"),
        pytest.param({"DEEDSCOPE_API_URL": "https://env.example"}, "api_url", "https://env.example", id="env-wins"),
        pytest.param({"DEEDSCOPE_API_URL": "  "}, "api_url", "https://secrets.example", id="blank-env-is-unset"),
        pytest.param({}, "on_behalf_of", "dev_file", id="file-on-behalf"),
        pytest.param({"DEEDSCOPE_ON_BEHALF_OF": "dev_env"}, "on_behalf_of", "dev_env", id="env-on-behalf"),
        pytest.param({}, "marketplace_url", "https://secrets.example/marketplace/v1", id="marketplace-derived"),
        pytest.param({"DEEDSCOPE_MARKETPLACE_URL": "https://m.example/v1/"}, "marketplace_url", "https://m.example/v1",
                     id="marketplace-explicit"),
        # decisions.md: `{DEEDSCOPE_API_URL}/auth` on the sandbox only: a configured host names its issuer.
        pytest.param({}, "auth_url", None, id="auth-not-derived-for-a-configured-host"),
        pytest.param({"DEEDSCOPE_AUTH_URL": "https://id.example/"}, "auth_url", "https://id.example", id="auth-explicit"),
        pytest.param({}, "app_url", "http://localhost:8501", id="app-url-default"),
        pytest.param({}, "oauth_client_id", None, id="client-id-unset"),
    ],
)
def test_precedence(secrets_file: Path, environ: dict, field: str, expected) -> None:
    assert getattr(load_settings(environ, secrets_file), field) == expected


def test_key_from_env_wins_and_stays_secret(secrets_file: Path, caplog: pytest.LogCaptureFixture) -> None:
    settings = load_settings({"DEEDSCOPE_API_KEY": KEY}, secrets_file)
    assert settings.api_key.get_secret_value() == KEY
    logging.getLogger("test").warning("settings: %s %r", settings, settings)
    for text in (repr(settings), str(settings), caplog.text, settings.model_dump_json()):
        assert KEY not in text


def test_embedded_when_no_url_anywhere(tmp_path: Path) -> None:
    settings = load_settings({}, tmp_path / "missing.toml")
    assert settings.is_embedded and settings.api_key is None and settings.marketplace_url is None
    running = settings.with_api_url("http://127.0.0.1:9999/")
    assert not running.is_embedded
    assert running.api_url == "http://127.0.0.1:9999"
    assert running.api_key.get_secret_value() == EMBEDDED_API_KEY
    assert running.on_behalf_of == "dev_demo"
    assert running.marketplace_url == "http://127.0.0.1:9999/marketplace/v1"
    assert running.auth_url == "http://127.0.0.1:9999/auth"


def test_broken_secrets_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "secrets.toml"
    path.write_text("deedscope_api_url = ")
    with pytest.raises(ValueError, match="not valid TOML"):
        load_settings({}, path)


def test_a_configured_host_without_an_issuer_is_said(tmp_path: Path) -> None:
    settings = load_settings({"DEEDSCOPE_API_URL": "https://api.example"}, tmp_path / "missing.toml")
    assert settings.auth_url is None and settings.auth_url_missing
    assert not load_settings({}, tmp_path / "missing.toml").auth_url_missing, "the embedded sandbox's is known"
    assert not load_settings({"DEEDSCOPE_API_URL": "https://api.example", "DEEDSCOPE_AUTH_URL": "https://id.example"},
                             tmp_path / "missing.toml").auth_url_missing
