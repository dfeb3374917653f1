// Dates of reflections, shown in Japan's time zone in the page's language.

/** `2026/11/21 17:38` (ja) or `Nov 21, 2026, 5:38 PM` (en); '' for none. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'ja-JP', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(date);
}
