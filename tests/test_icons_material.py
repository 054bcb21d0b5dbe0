"""The app's icons are Material icons (`:material/lock:`), never emoji.

Streamlit checks an emoji icon against its emoji table, which it builds on first use in a process:
0.3 s of the first page that showed one (the marketplace's login notice, a tour's last step,
issue 29). A Material icon is looked up in a set it has loaded already for the sidebar's pages.
This finds any emoji left in the code a page runs, as an `icon=` or as an icon a helper returns.
"""

from __future__ import annotations

import ast
from pathlib import Path

from streamlit.string_util import is_emoji

ROOT = Path(__file__).resolve().parent.parent
CODE = [ROOT / "app.py", *sorted(path for folder in ("pages", "components", "adapter") for path in (ROOT / folder).rglob("*.py"))]
# An icon is a short string; a sentence with an emoji in it is not one.
ICON_CHARS = 4


def emoji_icons(source: str) -> list[int]:
    """Lines of the string constants that are one emoji alone: an icon, as Streamlit sees it."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and 0 < len(node.value) <= ICON_CHARS and is_emoji(node.value)
    )


def test_no_emoji_icons_in_the_app():
    found = {str(path.relative_to(ROOT)): lines for path in CODE if (lines := emoji_icons(path.read_text()))}
    assert found == {}, "use a Material icon (':material/name:'): an emoji builds Streamlit's emoji table"
    assert len(CODE) > 50, "the app's modules were found"


def test_the_check_sees_an_emoji_icon():
    source = 'st.warning("x", icon="⚠️")\nst.info("y", icon=":material/lock:")\nPAIR = ("text", "🔑")\nst.markdown("★ 5 stars")\n'
    assert emoji_icons(source) == [1, 3]
