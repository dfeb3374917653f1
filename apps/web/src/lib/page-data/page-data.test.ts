import { describe, expect, it } from 'vitest';
import { fetchPageData, pageDataUrl, pageText, parsePageData } from './page-data';

describe('page data', () => {
  it('names one file per route path template', () => {
    expect(pageDataUrl('/municipalities/$municipalityCode/privacy')).toBe(
      '/page-data/municipalities/_municipalityCode/privacy.json',
    );
    expect(pageDataUrl('/municipalities/$municipalityCode/')).toBe(
      '/page-data/municipalities/_municipalityCode/index.json',
    );
    expect(pageDataUrl('/')).toBe('/page-data/index.json');
    expect(pageDataUrl('/mynaportal/getting_self_information', '/staff')).toBe(
      '/staff/page-data/mynaportal/getting_self_information.json',
    );
  });

  it('reads documents defensively and falls back to Japanese', () => {
    expect(parsePageData(null)).toBeNull();
    expect(parsePageData({ ja: { description: 'no title' } })).toBeNull();
    const data = parsePageData({
      path: '/x',
      ja: {
        title: 'タイトル',
        description: '説明',
        texts: { a: 'A', bad: 3 },
        sections: [{ heading: '見出し', paragraphs: ['本文', 4] }, { heading: 5 }],
      },
    });
    expect(data?.ja).toEqual({
      title: 'タイトル',
      description: '説明',
      texts: { a: 'A' },
      sections: [{ heading: '見出し', paragraphs: ['本文'] }],
    });
    expect(pageText(data, 'en')?.title).toBe('タイトル');
  });

  it('treats the HTML fallback and 404 as no page data, and other failures as errors', async () => {
    const answer = (status: number, type: string, body: string) => async () =>
      new Response(body, { status, headers: { 'content-type': type } });
    expect(await fetchPageData('/p.json', answer(200, 'text/html', '<!doctype html>'))).toBeNull();
    expect(await fetchPageData('/p.json', answer(404, 'application/json', '{}'))).toBeNull();
    await expect(fetchPageData('/p.json', answer(500, 'text/plain', 'x'))).rejects.toThrow(/HTTP 500/);
    const ok = await fetchPageData(
      '/p.json',
      answer(200, 'application/json', JSON.stringify({ ja: { title: 'T' }, en: { title: 'E' } })),
    );
    expect(pageText(ok, 'en')?.title).toBe('E');
  });

  it('lets go of the body of an answer it does not read', async () => {
    const missing = new Response('{"errors":[]}', {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
    expect(await fetchPageData('/p.json', async () => missing)).toBeNull();
    expect(missing.bodyUsed || missing.body?.locked).toBe(true);
  });
});
