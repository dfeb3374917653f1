// The page head: the title and description follow navigation, updated 10 ms after it (spec §9). The
// title is the screen's own (usePageTitle), else the route's page data (one JSON document per route path,
// lib/page-data), else the route's static title key; the description comes from the page data.
// After a navigation, focus moves to the page heading so screen readers announce the new page.
import { useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../page-data/page-data';
import type { ScreenKey } from './static-data';

/** Page-head update delay (spec §9). */
export const PAGE_HEAD_DELAY_MS = 10;

let screenTitle: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => screenTitle;

function setScreenTitle(value: { path: string; title: string } | null) {
  screenTitle = value;
  for (const listener of listeners) listener();
}

/** A screen's own page title (e.g. with the municipality's name); undefined keeps the route's title. */
export function usePageTitle(title: string | undefined): void {
  const path = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    if (title === undefined) return;
    const entry = { path, title };
    setScreenTitle(entry);
    return () => {
      if (screenTitle === entry) setScreenTitle(null);
    };
  }, [path, title]);
}

/** Renders nothing; keeps document.title and the focus in step with the router. */
export function PageHead() {
  const { t } = useTranslation();
  const path = useLocation({ select: (l) => l.pathname });
  const titleKey = useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const key = matches[i]?.staticData?.titleKey;
        if (key) return key;
      }
      return undefined;
    },
  });
  const own = useSyncExternalStore(subscribe, snapshot, snapshot);
  const pageData = usePageData().text;
  const page =
    own && own.path === path
      ? own.title
      : pageData?.title
        ? pageData.title
        : titleKey
          ? t(`screens.${titleKey}` as `screens.${ScreenKey}`)
          : undefined;
  const app = t('app.name');
  const description = pageData?.description ?? '';

  useEffect(() => {
    const title = page ? t('app.pageTitle', { page, app }) : app;
    const timer = window.setTimeout(() => {
      document.title = title;
      setDescription(description);
    }, PAGE_HEAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [page, app, t, description]);

  useFocusOnNavigation();
  return null;
}

/** The page's `<meta name="description">`: set from the page data, removed when a page has none. */
function setDescription(text: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!text) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/** After a navigation to another path (not the first load), focus the page's h1 (or main). */
function useFocusOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.pathChanged || !event.fromLocation) return;
        window.requestAnimationFrame(() => {
          const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('main');
          if (!target) return;
          if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
          target.focus({ preventScroll: false });
        });
      }),
    [router],
  );
}
