// Where the app may send the browser (spec §8): pages of this site, external sites only when allowed,
// and never a script URL. One click guard covers every link on the page (router links, links in texts
// that come from configuration, anything); `safeLocation` wraps the changes code makes to window.location.

/** External origins the portal may send residents to (the national systems in production). */
export const defaultAllowedOrigins: readonly string[] = [
  'https://myna.go.jp', // マイナポータル
  'https://www.digital.go.jp', // デジタル庁
];

/** Schemes that are never opened, even when written in a link. */
const navigableProtocols = new Set(['http:', 'https:']);
/** Schemes handed to another app of the device (mail, phone): allowed, they do not leave the page. */
const handoffProtocols = new Set(['mailto:', 'tel:']);

export type NavigationVerdict =
  | { allowed: true; url: URL; external: boolean }
  | { allowed: false; url: URL | null; reason: 'script' | 'external' | 'protocol' | 'invalid' };

export interface NavigationPolicy {
  /** The page's own origin. */
  origin: string;
  /** External origins allowed besides it. */
  allowedOrigins: readonly string[];
}

/**
 * Decides whether a navigation to `href` (absolute or relative to the origin) may happen. `javascript:`
 * (in any spelling the URL parser accepts, e.g. with tabs or upper case) is refused as 'script'.
 */
export function checkNavigation(href: string, policy: NavigationPolicy): NavigationVerdict {
  let url: URL;
  try {
    url = new URL(href, policy.origin);
  } catch {
    return { allowed: false, url: null, reason: 'invalid' };
  }
  if (url.protocol === 'javascript:' || url.protocol === 'vbscript:') {
    return { allowed: false, url, reason: 'script' };
  }
  if (handoffProtocols.has(url.protocol)) return { allowed: true, url, external: true };
  // A file the page made itself (a download it assembled): blob URLs carry the origin that created them.
  if (url.protocol === 'blob:' && url.origin === policy.origin)
    return { allowed: true, url, external: false };
  if (!navigableProtocols.has(url.protocol)) return { allowed: false, url, reason: 'protocol' };
  if (url.origin === policy.origin) return { allowed: true, url, external: false };
  if (policy.allowedOrigins.includes(url.origin)) return { allowed: true, url, external: true };
  return { allowed: false, url, reason: 'external' };
}

/** Announced on window when a navigation is refused; the shell shows it in the snackbar. */
export const NAVIGATION_BLOCKED_EVENT = 'portal:navigation-blocked';

export interface NavigationBlockedDetail {
  href: string;
  reason: Exclude<NavigationVerdict, { allowed: true }>['reason'];
  host: string | null;
}

function announce(target: Window, href: string, verdict: Extract<NavigationVerdict, { allowed: false }>) {
  console.warn(`[navigation] blocked (${verdict.reason}): ${href}`);
  target.dispatchEvent(
    new CustomEvent<NavigationBlockedDetail>(NAVIGATION_BLOCKED_EVENT, {
      detail: { href, reason: verdict.reason, host: verdict.url?.host || null },
    }),
  );
}

let policy: NavigationPolicy | null = null;

function currentPolicy(): NavigationPolicy {
  policy ??= { origin: window.location.origin, allowedOrigins: defaultAllowedOrigins };
  return policy;
}

/** Checks a navigation against the page's policy, announcing a refusal. */
export function guardNavigation(href: string): NavigationVerdict {
  const verdict = checkNavigation(href, currentPolicy());
  if (!verdict.allowed) announce(window, href, verdict);
  return verdict;
}

/** The only way app code changes window.location: the same checks as links. Returns whether it went. */
export const safeLocation = {
  assign(href: string): boolean {
    const verdict = guardNavigation(href);
    if (verdict.allowed) window.location.assign(verdict.url.href);
    return verdict.allowed;
  },
  replace(href: string): boolean {
    const verdict = guardNavigation(href);
    if (verdict.allowed) window.location.replace(verdict.url.href);
    return verdict.allowed;
  },
  open(href: string, target = '_blank'): boolean {
    const verdict = guardNavigation(href);
    if (verdict.allowed) window.open(verdict.url.href, target, 'noopener,noreferrer');
    return verdict.allowed;
  },
  reload(): void {
    window.location.reload();
  },
};

/**
 * Installs the click guard on the document (capture phase, before any other handler, the router's
 * included) and routes window.open through the same checks. Returns a function that removes both.
 */
export function installNavigationGuard(options: Partial<NavigationPolicy> = {}): () => void {
  policy = {
    origin: options.origin ?? window.location.origin,
    allowedOrigins: options.allowedOrigins ?? defaultAllowedOrigins,
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a[href], area[href]');
    if (!anchor) return;
    const href = anchor.getAttribute('href') ?? '';
    const verdict = guardNavigation(href);
    if (!verdict.allowed) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const originalOpen = window.open.bind(window);
  window.open = (url?: string | URL, target?: string, features?: string) => {
    if (url === undefined || url === '') return originalOpen(url, target, features);
    const verdict = guardNavigation(String(url));
    return verdict.allowed ? originalOpen(verdict.url.href, target, features) : null;
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('auxclick', onClick, true);
    window.open = originalOpen;
  };
}
