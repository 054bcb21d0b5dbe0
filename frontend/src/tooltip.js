// A map's tooltip beside the pointer, on the side with room: the map's column clips whatever
// passes its edge (deck.gl's own tooltip always goes right and down). The Map's element and
// the small maps both place theirs here.

const TOOLTIP_GAP_PX = 12;

// Where a tip of `tip` size goes for a pointer at `pointer` in a box of `box` size: right and
// down in the box's first half, left and up in its second, never past its top or left edge.
export function tooltipPosition(pointer, box, tip) {
  const left = pointer.x > box.width / 2 ? pointer.x - tip.width - TOOLTIP_GAP_PX : pointer.x + TOOLTIP_GAP_PX;
  const top = pointer.y > box.height / 2 ? pointer.y - tip.height - TOOLTIP_GAP_PX : pointer.y + TOOLTIP_GAP_PX;
  return {left: Math.max(0, left), top: Math.max(0, top)};
}

// Show `text` beside the pointer of deck.gl's hover `info` in `container`; no text hides it.
export function showTooltip(tooltip, container, info, text) {
  if (!text) {
    tooltip.style.display = 'none';
    return;
  }
  tooltip.textContent = text;
  tooltip.style.display = 'block';
  const box = {width: container.clientWidth, height: container.clientHeight};
  const {left, top} = tooltipPosition(info, box, {width: tooltip.offsetWidth, height: tooltip.offsetHeight});
  tooltip.style.left = `${left}px`;
  tooltip.style.top = `${top}px`;
}
