"""A click on another page is never undone by the page being left (Streamlit 1.67).

The map lives in a fragment and speaks on its own: its first frame (`painted`) and the view a
person moved it to are fragment reruns, which the tab sends with the page it shows until the
server's answer to a click on another page comes; and the first frame's callback reruns the
whole page it was drawn on (pages/map_sections/first_paint.py). Either, reaching the server
while the click still waited for the script, took the person back to the page they left:
Streamlit folds a rerun into the waiting one and keeps the newer one's page
(`ScriptRequests._request_rerun_locked`). A fragment rerun that came once the new page ran was
still known, and ran as the old page. CI saw a click on "Investors" lost so, on a loaded
machine (tests/browser/test_analyst_journey.py makes the view's moment every time).

Neither asks for a page: a fragment rerun reruns part of the page it was sent from, and a
script's own `st.rerun()` its own page. So either, of another page than the one the session
was last asked for (waiting or running), is dropped: that page is no longer the person's. A
session's first run may name its page by the link alone (no page hash): nothing is dropped
then. A page change the script asks for (`st.switch_page`) folds as Streamlit folds it.
"""

from __future__ import annotations

from streamlit.runtime.scriptrunner_utils.script_requests import RerunData, ScriptRequests, ScriptRequestType
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx


def from_a_page_left(asked: RerunData, new: RerunData, running_page: str | None = None) -> bool:
    """Whether `new` reruns another page than the one last `asked` for without asking for a page:
    a fragment rerun, or the running script's own rerun of its page (`running_page`)."""
    if not asked.page_script_hash or new.page_script_hash == asked.page_script_hash:
        return False
    fragment = bool(new.fragment_id or new.fragment_id_queue or new.is_fragment_scoped_rerun)
    return fragment or new.page_script_hash == running_page


_fold = ScriptRequests._request_rerun_locked


def _fold_unless_from_a_page_left(self: ScriptRequests, new_data: RerunData) -> bool:
    # The tab's requests come on the server's loop; a script's own on its thread, with its context.
    script = get_script_run_ctx(suppress_warning=True)
    running_page = script.page_script_hash if script is not None else None
    if self._state != ScriptRequestType.STOP and from_a_page_left(self._rerun_data, new_data, running_page):
        return True  # taken, and let go
    return _fold(self, new_data)


def keep_page_changes() -> None:
    """Install the fold that drops reruns of a page left (once per process)."""
    ScriptRequests._request_rerun_locked = _fold_unless_from_a_page_left
