// The page's address holds the game, the position and the settings, so a
// link shows the same position to whoever opens it (a teacher can send one).
//
//   /?game=mnk:4,4,4&position=..../.X../..../....&to_move=O&mode=computer&you=X&level=perfect
//
// Reading never trusts the address: the page checks each value and says
// what it could not use.

export const LINK_KEYS = ["game", "position", "to_move", "mode", "you", "first", "level", "speed"];

// The values the address names (strings), or null when it names none.
export function readLink(search = window.location.search) {
  const params = new URLSearchParams(search);
  const found = {};
  for (const key of LINK_KEYS) {
    if (params.has(key)) found[key] = params.get(key);
  }
  return Object.keys(found).length ? found : null;
}

export function linkFor(values) {
  const params = new URLSearchParams();
  for (const key of LINK_KEYS) {
    if (values[key] !== undefined && values[key] !== null && values[key] !== "") params.set(key, values[key]);
  }
  // Commas, colons and slashes read better as they are.
  const query = params.toString().replaceAll("%2C", ",").replaceAll("%3A", ":").replaceAll("%2F", "/");
  return `${window.location.origin}${window.location.pathname}?${query}`;
}

export function writeLink(values) {
  const url = linkFor(values);
  if (url !== window.location.href) window.history.replaceState(null, "", url);
  return url;
}
