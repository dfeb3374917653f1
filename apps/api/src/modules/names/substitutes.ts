/**
 * Variant characters of names with the standard character a signing certificate carries instead
 * (異体字 → 標準字体). Every source is outside JIS X 0208 and 0212; every target is inside JIS X 0208
 * (a unit test checks both against the tables). The list is short on purpose: common surname and given-name
 * variants, the IBM-extension forms Shift_JIS users type (髙, 𠮷), and the traditional forms JIS X 0213:2004
 * added (剝, 噓, 屛...). The municipality's resident register decides the real substitute; anything not
 * listed here is shown as unknown (〓).
 *
 * Characters whose Unicode canonical form (NFC) is a certificate-safe character, such as the CJK
 * compatibility ideograph U+FA10 (塚), need no entry: the service substitutes that form itself.
 */
export const substitutes: ReadonlyMap<string, string> = new Map([
  ['髙', '高'], // U+9AD9 はしご高 (IBM extension, not in JIS X 0213)
  ['﨑', '崎'], // U+FA11 たつさき (JIS X 0213)
  ['𠮷', '吉'], // U+20BB7 つちよし (not in JIS X 0213)
  ['𡈽', '土'], // U+2123D 土 with a dot (JIS X 0213)
  ['德', '徳'], // U+5FB7 (JIS X 0213)
  ['栁', '柳'], // U+6801 (JIS X 0213)
  ['瀨', '瀬'], // U+7028 (JIS X 0213)
  ['黑', '黒'], // U+9ED1 (JIS X 0213)
  ['郞', '郎'], // U+90DE (JIS X 0213)
  ['㐂', '喜'], // U+3402 (JIS X 0213)
  ['靑', '青'], // U+9751 (IBM extension)
  ['淸', '清'], // U+6DF8 (IBM extension)
  ['戶', '戸'], // U+6236 (not in JIS X 0213)
  ['剝', '剥'], // U+525D (JIS X 0213:2004)
  ['噓', '嘘'], // U+5653 (JIS X 0213:2004)
  ['屛', '屏'], // U+5C5B (JIS X 0213:2004)
  ['揭', '掲'], // U+63ED (JIS X 0213:2004)
  ['卽', '即'], // U+537D (JIS X 0213)
  ['巢', '巣'], // U+5DE2 (JIS X 0213)
  ['晚', '晩'], // U+665A (JIS X 0213)
  ['緖', '緒'], // U+7DD6 (JIS X 0213)
  ['賴', '頼'], // U+8CF4 (JIS X 0213)
  ['驒', '騨'], // U+9A52 (JIS X 0213)
]);
