// deedscope on a phone (components/phone.py sends this file as the element's script; no build).
// Issue 44, 9: on a narrow screen (a phone, 390 px) Streamlit's sidebar stays open over the page
// after a tap on a page's name, and what a tap on the map opened lies below the fold. This
// element, drawn once by the app and once where a page asks a part to be shown, closes the
// sidebar after a navigation tap and scrolls the asked part into view. On a wide screen it
// does nothing: the sidebar sits beside the page and the panel beside the map.

// The widest screen taken for a phone's: Streamlit lays the sidebar over the page below 640 px.
export const PHONE_MAX_PX = 640;

export function isPhone(win) {
  return win.innerWidth <= PHONE_MAX_PX;
}

function closeSidebarAfterNavigation(doc, win) {
  if (win.__deedscopeSidebarCloser) return;
  win.__deedscopeSidebarCloser = true;
  doc.addEventListener('click', (event) => {
    if (!isPhone(win)) return;
    const link = event.target.closest && event.target.closest('[data-testid="stSidebarNav"] a');
    if (!link) return;
    // After the tap's own handling (the page switch), the sidebar's own close button.
    win.setTimeout(() => {
      const close = doc.querySelector('[data-testid="stSidebarCollapseButton"] button')
        || doc.querySelector('[data-testid="stSidebar"] [data-testid="stBaseButton-headerNoPadding"]');
      const sidebar = doc.querySelector('[data-testid="stSidebar"]');
      if (close && sidebar && sidebar.getAttribute('data-collapsed') !== 'true') close.click();
    }, 50);
  }, true);
}

// The part to show (an element's id: a heading's anchor), scrolled to once per token: a rerun
// that draws the same pick again does not move the page the person has scrolled since.
function scrollWhenAsked(doc, win, data) {
  if (!data || !data.show || !isPhone(win)) return;
  const token = `${data.show}|${data.token || ''}`;
  if (win.__deedscopeShown === token) return;
  let tries = 0;
  const attempt = () => {
    const target = doc.getElementById(data.show);
    if (target) {
      win.__deedscopeShown = token;
      target.scrollIntoView({block: 'start', behavior: 'smooth'});
    } else if (tries++ < 40) {
      win.setTimeout(attempt, 100);
    }
  };
  attempt();
}

export default function (component) {
  const {data} = component;
  closeSidebarAfterNavigation(document, window);
  scrollWhenAsked(document, window, data);
}
