// The small map component's own script (components/small_map.py sends it with every rerun):
// it loads the Map's script (map_element.js, the one deck.gl build of the tab, cached by
// the browser) and hands the component to its `renderSmall` (small_map.js).
export default async function (component) {
  const element = await import(new URL(component.data.script, document.baseURI).href);
  return element.renderSmall(component);
}
