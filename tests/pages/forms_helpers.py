"""What the form tests read as a person does: the words under a field (a limit said before
sending, a refusal said after), and a choice a browser still holds after its labels changed."""

from __future__ import annotations

from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block, Selectbox


def _beside(block, key: str):
    children = [block.children[index] for index in sorted(block.children)]
    for position, child in enumerate(children):
        if getattr(child, "key", None) == key:
            return children[position + 1] if position + 1 < len(children) else None
        if isinstance(child, Block):
            found = _beside(child, key)
            if found is not False:
                return found
    return False


def beside(at: AppTest, key: str) -> str:
    """The words drawn right under the field keyed `key`, in its own block ("" when none)."""
    found = _beside(at._tree, key)
    assert found is not False, f"no field keyed {key!r} on the page"
    if found is None or isinstance(found, Block):
        return ""
    return str(getattr(found, "value", "") or "")


def browser_holds(at: AppTest, key: str, label: str) -> None:
    """The selectbox keyed `key` sends `label` on the next run, as a browser does that still holds
    the label it last drew (the server changed the option's label without telling it)."""
    box = at.selectbox(key=key)

    class HeldLabel(Selectbox):
        @property
        def _widget_state(self) -> WidgetState:
            return WidgetState(id=self.id, string_value=label)

    box.__class__ = HeldLabel
