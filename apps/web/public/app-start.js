// Starts the app on a page the server rendered (decision 0062) when the visitor first acts on it: a key,
// a click, a focus or a change. Until then the page is the server's HTML, which works on its own (links
// and plain forms, decision 0061), and the phone spends nothing on the app. The entry is this element's
// `data-app-entry`. No scroll or touch starts it: reading costs nothing.
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
const events = ['keydown', 'focusin', 'click', 'change'];
function start() {
  for (const type of events) window.removeEventListener(type, start, true);
  if (entry) void import(entry);
}
for (const type of events) window.addEventListener(type, start, { capture: true, passive: true });
