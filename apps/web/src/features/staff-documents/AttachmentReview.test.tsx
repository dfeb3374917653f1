// @vitest-environment happy-dom
// Side-by-side review (issue 32 item 5): an attachment opened from the list shows in a pane beside the
// sections from 1280 px on, in a dialog below; either is titled by its slot, keyboard-operable, Esc
// closes, focus goes into the viewer and comes back to the button that opened it.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { AttachmentReviewLayout } from './AttachmentReview';
import { AttachmentsSection } from './AttachmentsSection';
import type { DocumentDetail } from './DocumentDetailScreen';

const fetchFile = vi.hoisted(() => vi.fn(async () => new Blob(['png'], { type: 'image/png' })));
vi.mock('../../lib/jobs/download', () => ({ fetchFile, saveBlob: vi.fn(), downloadFile: vi.fn() }));

const file = (id: string, code: string, name: string, type = 'image/png') => ({
  id,
  standard_item_code: code,
  sequence: 1,
  type: 'OR' as const,
  file_name: name,
  content_type: type,
  size: 2048,
  uploaded_at: '2026-11-26T00:00:00Z',
});

const doc = {
  id: 'd1',
  attachment_slots: [
    { standard_item_code: 'passbook', name: '通帳の写し', type: 'OR' },
    { standard_item_code: 'insurance', name: '健康保険証の写し', type: 'OR' },
  ],
  attachments: [
    file('a1', 'passbook', 'IMG_0001.png'),
    file('a2', 'insurance', 'scan.pdf', 'application/pdf'),
  ],
} as unknown as DocumentDetail;

/** The viewport the media query `(min-width:1280px)` reads. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /min-width:\s*1280px/.test(query) ? width >= 1280 : false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function screenWith(children: ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n('ja', [staffMessages])}>
      <AttachmentReviewLayout document={doc}>
        <section aria-label="回答">
          <p>口座番号 1234567</p>
        </section>
        {children}
      </AttachmentReviewLayout>
    </I18nextProvider>,
  );
}

// React's act() around testing-library's events (happy-dom is no jsdom that sets it itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// happy-dom loads no frame and prints so for the PDF's blob: URL (its own console, not the test's).
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchFile.mockClear();
});

describe('the attachment beside the answers (>= 1280 px)', () => {
  it('opens by keyboard in a pane titled by its slot, steps through the files and closes with Esc', async () => {
    viewport(1280);
    const user = userEvent.setup();
    screenWith(<AttachmentsSection document={doc} />);
    const opener = screen.getByRole('button', { name: '通帳の写し（IMG_0001.png） を表示' });
    opener.focus();
    await user.keyboard('{Enter}');

    // A named region, not a dialog; focus moved into it; the answers stay on the page beside it.
    const pane = await screen.findByRole('region', { name: '添付書類：通帳の写し' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(pane);
    expect(within(pane).getByRole('heading', { level: 2, name: '通帳の写し' })).toBeTruthy();
    expect(within(pane).getByText('IMG_0001.png・原本の画像・2 KB')).toBeTruthy();
    expect(within(pane).getByText('添付書類（2件中1件目）')).toBeTruthy();
    expect(screen.getByRole('region', { name: '回答' })).toBeTruthy();
    expect(screen.getByText('横に表示中')).toBeTruthy();
    expect(
      await within(pane).findByRole('img', { name: '添付書類 通帳の写し（IMG_0001.png）' }),
    ).toBeTruthy();
    expect(fetchFile).toHaveBeenCalledWith('staff.documents.attachment', {
      documentId: 'd1',
      attachmentId: 'a1',
    });

    // Next, by keyboard: the title follows the file, and the change is said.
    await user.tab();
    expect(document.activeElement).toBe(within(pane).getByRole('button', { name: '閉じる' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(pane).getByRole('button', { name: '次の添付書類' }));
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('region', { name: '添付書類：健康保険証の写し' });
    expect(within(second).getByRole('heading', { level: 2, name: '健康保険証の写し' })).toBeTruthy();
    expect(within(second).getByRole('status').textContent).toBe(
      '健康保険証の写しを表示しています（2件中2件目）',
    );
    // A PDF shows in a frame of its blob: URL, named by its slot and file.
    expect(await within(second).findByTitle('健康保険証の写し（scan.pdf）（PDF）')).toBeTruthy();
    // Next again goes round to the first; the button keeps the focus.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: '添付書類：通帳の写し' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('次の添付書類');

    // Esc closes it, and focus is back on the button that opened it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: /^添付書類：/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('zooms an image and fits it again, with buttons and keys, saying the zoom in words', async () => {
    viewport(1440);
    const user = userEvent.setup();
    screenWith(<AttachmentsSection document={doc} />);
    await user.click(screen.getByRole('button', { name: '通帳の写し（IMG_0001.png） を表示' }));
    const pane = await screen.findByRole('region', { name: '添付書類：通帳の写し' });
    await within(pane).findByRole('img');
    expect(within(pane).getByText('表示倍率：全体表示')).toBeTruthy();
    expect(within(pane).getByRole('button', { name: '全体を表示' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pane).getByRole('button', { name: '拡大' }));
    expect(within(pane).getByText('表示倍率：150%')).toBeTruthy();
    const frame = within(pane).getByRole('group', { name: /^通帳の写しの画像/ });
    frame.focus();
    await user.keyboard('+');
    expect(within(pane).getByText('表示倍率：200%')).toBeTruthy();
    await user.keyboard('0');
    expect(within(pane).getByText('表示倍率：全体表示')).toBeTruthy();
    // Esc from anywhere in the pane closes it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: /^添付書類：/ })).toBeNull();
  });

  it('closes with 閉じる and gives focus back; a button of the list moves focus into the open pane again', async () => {
    viewport(1280);
    const user = userEvent.setup();
    screenWith(<AttachmentsSection document={doc} />);
    const first = screen.getByRole('button', { name: '通帳の写し（IMG_0001.png） を表示' });
    await user.click(first);
    await screen.findByRole('region', { name: '添付書類：通帳の写し' });
    const other = screen.getByRole('button', { name: '健康保険証の写し（scan.pdf） を表示' });
    other.focus();
    await user.keyboard('{Enter}');
    const pane = await screen.findByRole('region', { name: '添付書類：健康保険証の写し' });
    expect(document.activeElement).toBe(pane);
    await user.click(within(pane).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('region', { name: /^添付書類：/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(other));
  });
});

describe('the attachment below 1280 px', () => {
  it('opens in a dialog titled by its slot, with previous/next, and Esc gives focus back', async () => {
    viewport(1024);
    const user = userEvent.setup();
    screenWith(<AttachmentsSection document={doc} />);
    const opener = screen.getByRole('button', { name: '通帳の写し（IMG_0001.png） を表示' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^通帳の写し/ });
    expect(screen.queryByRole('region', { name: /^添付書類：/ })).toBeNull();
    expect(within(dialog).getByText('2件中1件目・IMG_0001.png・原本の画像・2 KB')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '次の添付書類' }));
    expect(await screen.findByRole('dialog', { name: /^健康保険証の写し/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('the list on its own (no detail screen around it)', () => {
  it('still opens its own dialog', async () => {
    viewport(1280);
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createI18n('ja', [staffMessages])}>
        <AttachmentsSection document={doc} />
      </I18nextProvider>,
    );
    await user.click(screen.getByRole('button', { name: '通帳の写し（IMG_0001.png） を表示' }));
    expect(await screen.findByRole('dialog', { name: /^通帳の写し/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
