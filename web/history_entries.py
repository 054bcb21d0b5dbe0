"""One entry in the browser's history for each thing a person does, not one for each time a page
writes its URL.

Streamlit's page pushes a history entry each time a script run changes the query
(`st.query_params`): its handler of the server's page info calls `history.pushState` outside a
Back or Forward. A page does that as it settles: the Investors profile opened from the
leaderboard's row wrote its finder's mode (`find=place`) and then presenter mode's `present=1`
after the switch itself had pushed the profile's address. Three entries for one click, so Back
showed the same profile again, twice, before the leaderboard (issue 42: nothing lost to a link;
tests/browser/test_presenter_tables.py).

The pages' head (`HISTORY_SCRIPT`) lets a push through as a new entry when the person acted
(a press, a key, a wheel) since the last one, and makes the pushes a page makes on its own
after it replace the entry instead: the click's page keeps its address as it settles, and
Back goes to the page the person was on. A page opened by its address keeps its history as
it came: what its first run writes replaces the address it was opened at.
"""

from __future__ import annotations

HISTORY_SCRIPT = b"""<script>
(() => {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  let acted = false;
  const act = () => { acted = true; };
  for (const type of ['pointerdown', 'keydown', 'wheel']) addEventListener(type, act, {capture: true, passive: true});
  history.pushState = (state, title, url) => {
    if (!acted) return replace(state, title, url);
    acted = false;
    return push(state, title, url);
  };
})();
</script>"""


def history_script() -> bytes:
    return HISTORY_SCRIPT
