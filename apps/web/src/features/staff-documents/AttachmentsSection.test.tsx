// The attachments list names each file by the document it is (its slot), then the file, kind and size.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { AttachmentsSection } from './AttachmentsSection';
import type { DocumentDetail } from './DocumentDetailScreen';

const file = (id: number, code: string, name: string) => ({
  id,
  standard_item_code: code,
  sequence: 1,
  type: 'OR' as const,
  file_name: name,
  content_type: 'image/png' as const,
  size: 2048,
  uploaded_at: '2026-11-26T00:00:00Z',
});

const render = (doc: Pick<DocumentDetail, 'id' | 'attachments' | 'attachment_slots'>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('ja', [staffMessages])}>
      <AttachmentsSection document={doc as DocumentDetail} />
    </I18nextProvider>,
  );

describe('AttachmentsSection', () => {
  it('names each file by its document, then the file name, kind and size', () => {
    const html = render({
      id: 'd1',
      attachment_slots: [{ standard_item_code: 'moving_out', name: '転出証明書', type: 'OR' }],
      attachments: [file(1, 'moving_out', 'scan.png'), file(2, 'gone', 'other.png')],
    } as never);
    expect(html).toContain('>転出証明書<');
    expect(html).toContain('scan.png・原本の画像・2 KB');
    expect(html).toContain('aria-label="転出証明書（scan.png） を表示"');
    // A file whose slot is no longer configured keeps its file name as its title.
    expect(html).toContain('>other.png<');
  });
});
