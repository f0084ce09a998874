// Screen-reader announcements through one polite live region.

let region = null;

export function attach(element) {
  region = element;
}

export function announce(text) {
  if (!region) return;
  // Clearing first makes a repeated message ("Hint: ...") be read again.
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}
