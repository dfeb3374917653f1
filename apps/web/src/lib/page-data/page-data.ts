// Per-route page data (spec §2): a route's title, description and static texts, one JSON document per
// route path. The documents are static files of the web build (apps/web/public/page-data/, copied into
// every build), named after the route's path template: `/municipalities/$municipalityCode/privacy` is
// `page-data/municipalities/_municipalityCode/privacy.json`. Each document is fetched once and cached
// for the life of the page (it only changes with a new build).
import { useQuery } from '@tanstack/react-query';
import { useMatches } from '@tanstack/react-router';
import { portalFetch } from '../api/default-client';
import type { Language } from '../i18n';
import { useLanguage } from '../i18n/useLanguage';

/** One section of a long static text (e.g. the privacy policy). */
export interface PageSection {
  heading: string;
  paragraphs: string[];
}

/** The page data of one route in one language. */
export interface PageText {
  title: string;
  description: string;
  /** Short texts by key (the screen knows its keys). */
  texts: Record<string, string>;
  sections: PageSection[];
}

export interface PageData {
  path: string;
  ja: PageText;
  en?: PageText;
}

/** The file of a route path template (TanStack `fullPath`, `$param` for parameters). */
export function pageDataUrl(routePath: string, base = '/'): string {
  const trimmed = routePath.replace(/^\/+/, '');
  const parts = trimmed === '' ? [] : trimmed.split('/');
  const named = parts.map((p) => (p === '' ? 'index' : p.startsWith('$') ? `_${p.slice(1)}` : p));
  const file = named.length === 0 ? 'index' : named.join('/');
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return `${prefix}page-data/${file}.json`;
}

const isText = (v: unknown): v is string => typeof v === 'string';

function readText(value: unknown): PageText | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!isText(v.title)) return null;
  const texts: Record<string, string> = {};
  if (v.texts && typeof v.texts === 'object') {
    for (const [key, text] of Object.entries(v.texts as Record<string, unknown>)) {
      if (isText(text)) texts[key] = text;
    }
  }
  const sections = Array.isArray(v.sections)
    ? v.sections.flatMap((s: unknown) => {
        const section = s as { heading?: unknown; paragraphs?: unknown } | null;
        if (!section || !isText(section.heading) || !Array.isArray(section.paragraphs)) return [];
        return [{ heading: section.heading, paragraphs: section.paragraphs.filter(isText) }];
      })
    : [];
  return { title: v.title, description: isText(v.description) ? v.description : '', texts, sections };
}

/** Reads a page-data document defensively: null unless it has at least the Japanese title. */
export function parsePageData(value: unknown): PageData | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const ja = readText(v.ja);
  if (!ja) return null;
  const en = readText(v.en);
  return { path: isText(v.path) ? v.path : '', ja, ...(en ? { en } : {}) };
}

/** The text of a language (Japanese when the document has no English). */
export function pageText(data: PageData | null | undefined, language: Language): PageText | null {
  if (!data) return null;
  return (language === 'en' ? data.en : undefined) ?? data.ja;
}

/**
 * Fetches one document. A route without page data answers with the app's HTML (the server's fallback
 * for unknown paths) or 404: that is "no page data", not an error.
 */
export async function fetchPageData(url: string, fetcher: typeof fetch = fetch): Promise<PageData | null> {
  const res = await fetcher(url, { headers: { accept: 'application/json' } });
  const json = res.ok && (res.headers.get('content-type') ?? '').includes('json');
  // A body left unread keeps the request open in Chromium (the page never goes network-idle).
  if (!json) await res.body?.cancel();
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`page data ${url}: HTTP ${res.status}`);
  return json ? parsePageData(await res.json()) : null;
}

/** The path template of the deepest route that renders (the leaf match). */
export function useRoutePath(): string | undefined {
  return useMatches({ select: (matches) => matches.at(-1)?.fullPath as string | undefined });
}

/** The query of a route's page data (a path template), kept for the life of the page. */
export function pageDataQuery(routePath: string | undefined) {
  const url = routePath === undefined ? null : pageDataUrl(routePath, import.meta.env.BASE_URL);
  return {
    queryKey: ['page-data', url],
    queryFn: () => fetchPageData(url as string, portalFetch),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  };
}

/** The page data of the current route in the page's language (undefined while loading or when none). */
export function usePageData() {
  const language = useLanguage();
  const query = useQuery(pageDataQuery(useRoutePath()));
  return { ...query, text: pageText(query.data, language) };
}
