"""What each AppTest run sends to the browser, delta by delta, before Streamlit's queue merges
those at one path. The server flushes that queue every few ms, so a placeholder replaced later
in the same run can still reach the browser: drawn for a moment, it unmounts what stood at its
place (an open popover's fields and their focus, a sidebar's status that flashes)."""

from __future__ import annotations

from dataclasses import dataclass

from streamlit.runtime.forward_msg_queue import ForwardMsgQueue


@dataclass(frozen=True)
class Delta:
    path: tuple[int, ...]
    kind: str  # "new_element" or "add_block"
    element: str | None  # the element's type ("empty", "markdown", …); None for a block
    text: str  # the delta, for finding one by a key it carries


def record_runs(monkeypatch) -> list[list[Delta]]:
    """Runs' deltas, in order: append an empty list before each `app.run()` to start its run."""
    runs: list[list[Delta]] = []
    enqueue = ForwardMsgQueue.enqueue

    def recording(queue, msg):
        if msg.WhichOneof("type") == "delta" and runs:
            kind = msg.delta.WhichOneof("type")
            element = msg.delta.new_element.WhichOneof("type") if kind == "new_element" else None
            runs[-1].append(Delta(tuple(msg.metadata.delta_path), kind, element, str(msg.delta)))
        return enqueue(queue, msg)

    monkeypatch.setattr(ForwardMsgQueue, "enqueue", recording)
    return runs


def placeholders_left_open(run: list[Delta]) -> list[str]:
    """Each empty placeholder that the run fills later, but not with its very next delta: the
    window in which a flush sends the placeholder alone."""
    problems = []
    for index, delta in enumerate(run):
        if delta.element != "empty":
            continue
        later = [position for position in range(index + 1, len(run)) if run[position].path == delta.path]
        if later and later[0] != index + 1:
            between = [f"{other.kind}:{other.element or 'block'}@{other.path}" for other in run[index + 1 : later[0]]]
            problems.append(f"the placeholder at {delta.path} is filled {len(between)} deltas later, after {between[:4]}")
    return problems
