"""The issuer's server-rendered login and consent pages: plain HTML forms, no JavaScript.

Stable selectors for automation: inputs `email`, `password`, checkbox `accept_terms`,
buttons "Log in", "Allow", "Deny".
"""

from __future__ import annotations

from html import escape

from sandbox.marketplace.scopes import describe

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem} label{display:block;margin:.8rem 0 .2rem} input[type=email],input[type=password]{width:100%;padding:.4rem}
button{margin:1rem .5rem 0 0;padding:.5rem 1.2rem} .error{background:#fde8e8;border:1px solid #f5b5b5;padding:.6rem}
.notice{background:#fff6dd;border:1px solid #f2d17c;padding:.6rem} ul{padding-left:1.2rem}
"""


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>{body}</body></html>"
    )


def _hidden(params: dict[str, str]) -> str:
    return "".join(
        f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">' for name, value in params.items() if value
    )


def login_page(params: dict[str, str], client_name: str, *, error: str | None = None, email: str = "") -> str:
    alert = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    return _page(
        "Log in to the Marketplace",
        f"<h1>Log in to the Marketplace</h1><p><strong>{escape(client_name)}</strong> asks to use your marketplace account.</p>"
        f"{alert}<form method=\"post\">{_hidden(params)}"
        f'<label for="email">E-mail</label><input id="email" type="email" name="email" value="{escape(email)}" required>'
        '<label for="password">Password</label><input id="password" type="password" name="password" required>'
        '<button type="submit" name="action" value="login">Log in</button></form>',
    )


def consent_page(
    params: dict[str, str],
    client_name: str,
    *,
    ticket: str,
    person: str,
    scopes: list[str],
    terms_needed: list[str],
    limit_notice: str | None,
) -> str:
    scope_items = "".join(f"<li>{escape(describe(scope))}</li>" for scope in scopes)
    terms = ""
    if terms_needed:
        sides = " and ".join(terms_needed)
        terms = (
            '<p><label><input type="checkbox" name="accept_terms" value="yes"> '
            f"I accept the Marketplace API Terms ({escape(sides)})</label></p>"
            "<p><small>Until the terms are accepted, the application can read your profile but not act for you."
            "</small></p>"
        )
    notice = f'<p class="notice" role="alert">{escape(limit_notice)}</p>' if limit_notice else ""
    return _page(
        "Allow access",
        f"<h1>Allow {escape(client_name)} to use your account?</h1><p>Signed in as {escape(person)}.</p>{notice}"
        f"<p>It will be able to:</p><ul>{scope_items}</ul>"
        f'<form method="post">{_hidden(params)}<input type="hidden" name="ticket" value="{escape(ticket)}">{terms}'
        '<button type="submit" name="decision" value="allow">Allow</button>'
        '<button type="submit" name="decision" value="deny">Deny</button></form>',
    )


def error_page(title: str, message: str) -> str:
    """Shown instead of redirecting when the redirect target itself cannot be trusted (RFC 6749 4.1.2.1)."""
    return _page(title, f'<h1>{escape(title)}</h1><p class="error" role="alert">{escape(message)}</p>')
