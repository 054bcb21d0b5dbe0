"""A table's link to a page of the app opens in this tab unless the person asks for a new one (issue 42).

A table's link column (`st.column_config.LinkColumn`) opens its link in a new tab when its word is
clicked (Streamlit calls `window.open(href, "_blank")`): a new Streamlit session, the page read
again, and the issue's "every Open link opens a new tab". Choosing the cell elsewhere opens the
page in this tab (components/tables.py), but the word is what a person clicks. The pages' head
(`APP_LINKS_SCRIPT`) sends such a call for a page of the app to this tab and session instead, as
Streamlit's own Back and Forward do (the URL pushed, its `popstate` handler switches to the URL's
page with its query), and lets it open a new tab when the click was a deliberate one: Ctrl, Cmd or
Shift held (a middle button's click too, where the table passes it on). The new tab is a new session of the same person: their meter,
budget and selections come with it (adapter/person_state.py), and what the account holds is not
charged again.

Links elsewhere (another site) and the app's files (downloads, media) open as they always did.
"""

from __future__ import annotations

# Streamlit's own paths: never a page.
NOT_A_PAGE = ("/_stcore/", "/static/", "/app/static/", "/media/", "/component/")

APP_LINKS_SCRIPT = """<script>
(() => {
  const open = window.open.bind(window);
  let deliberate = false;
  const held = (event) => { deliberate = event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1; };
  addEventListener('pointerdown', held, true);
  addEventListener('mousedown', held, true);
  const notPages = %(not_pages)s;
  window.open = (url, target, features) => {
    try {
      const href = new URL(String(url), document.baseURI);
      const page = href.origin === location.origin && !notPages.some((part) => href.pathname.includes(part));
      if (page && !deliberate) {
        // Streamlit's own Back and Forward: the page of the URL, in this session (its popstate handler).
        history.pushState(null, '', href.href);
        dispatchEvent(new PopStateEvent('popstate', {state: null}));
        return null;
      }
    } catch (error) { /* not a URL: as the browser would */ }
    return open(url, target, features);
  };
})();
</script>"""


def app_links_script() -> bytes:
    return (APP_LINKS_SCRIPT % {"not_pages": "[" + ", ".join(f"'{part}'" for part in NOT_A_PAGE) + "]"}).encode()
