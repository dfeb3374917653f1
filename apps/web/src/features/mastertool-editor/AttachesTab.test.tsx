// Server-side rendering of the attachments tab: each document's code picked from the material templates'
// attachments (one the templates lack shown as new), with the explicit way to create a code.
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { AttachesTab } from './AttachesTab';
import { fieldId } from './validation';

const ja = createI18n('ja', [mastertoolMessages]);

describe('AttachesTab', () => {
  it('picks the code from the templates and flags one they lack as new', () => {
    const config = demoProcedureGroup();
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={ja}>
        <AttachesTab
          config={config}
          edit={() => undefined}
          attachCodes={[{ value: 'attach_birth_certificate', label: '出生証明書' }]}
        />
      </I18nextProvider>,
    );
    const value = (i: number) =>
      new RegExp(
        `id="${fieldId(`disclosure.procedure_attaches[${i}].standard_item_code`)}"[^>]*value="([^"]*)"`,
      ).exec(html)?.[1] ??
      new RegExp(
        `value="([^"]*)"[^>]*id="${fieldId(`disclosure.procedure_attaches[${i}].standard_item_code`)}"`,
      ).exec(html)?.[1];
    expect(value(0)).toBe('出生証明書 · attach_birth_certificate');
    expect(value(1)).toMatch(/ · attach_bankbook（素材テンプレートにない新しいコード）$/);
    expect(html).toContain('添付書類のコード');
    expect(html).toContain(
      `aria-label="新しい添付書類のコードを作る（${config.disclosure.procedure_attaches[0]!.name}）"`,
    );
  });
});
