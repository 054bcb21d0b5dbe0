// The map's camera: where a person moved it, reported to the page once it stands still, and
// the camera that shows the page's box whole on the canvas (map_element.js).
import {WebMercatorViewport} from '@deck.gl/core';

const SETTLE_MS = 400;

// Where a person moved the map, sent once it has stood still for SETTLE_MS: the page
// then draws the cells of that view at the resolution that fits it, and keeps it in
// the link. The camera goes with it and comes back as the page's view, which the map
// then knows it is already at.
export function reportWhenSettled(map) {
  clearTimeout(map.settling);
  map.settling = setTimeout(() => {
    const viewport = map.deck.getViewports()[0];
    if (!viewport) return;
    const camera = {
      latitude: round(viewport.latitude, 5),
      longitude: round(viewport.longitude, 5),
      zoom: round(viewport.zoom, 2),
    };
    if (viewKeyOf(camera) === map.viewKey) return;
    map.viewKey = viewKeyOf(camera);
    map.setStateValue('view', {bbox: viewport.getBounds().map((value) => round(value, 5)), camera});
  }, SETTLE_MS);
}

function round(value, decimals) {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

export function viewKeyOf(view) {
  return [view.latitude, view.longitude, view.zoom].map((value) => Number(value).toFixed(5)).join(',');
}

// The camera that shows the page's box whole on this canvas, whatever its width (the
// page's camera is fitted to a guess of the map's size); the page's camera as it is when
// it names no box (a view the person moved to) or the canvas has no size yet.
export function fitted(map, view, height) {
  const {latitude, longitude, zoom, bounds} = view;
  const width = map.container.clientWidth;
  if (!bounds || !width || !height) return {latitude, longitude, zoom};
  const [west, south, east, north] = bounds;
  const fit = new WebMercatorViewport({width, height}).fitBounds([[west, south], [east, north]]);
  return {latitude: fit.latitude, longitude: fit.longitude, zoom: fit.zoom};
}
