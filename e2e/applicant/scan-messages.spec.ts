// Scanned uploads as the resident sees them (issue 34, decision 0051), on a server of its own that scans
// with a real clamd (the test's EICAR signature) through a relay the test can stop: a file with EICAR is
// refused at its slot and nothing is kept; with the scanner stopped a file waits, says so, and the way on
// stays closed; once the scanner is back the minute's sweep clears it and the way on opens.
import { startCountingClamdProxy } from '../../apps/api/src/testing/clamd-proxy';
import { EICAR, startClamd } from '../../apps/api/src/testing/clamd';
import { startSecondServer, type SecondServer } from '../support/second-server';
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { expect, expectNoAxeViolations, test as base } from '../support/fixtures';

type Relay = Awaited<ReturnType<typeof startCountingClamdProxy>>;

const test = base.extend<object, { scanning: { server: SecondServer; relay: Relay } }>({
  scanning: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const clamd = await startClamd();
      const relay = await startCountingClamdProxy(clamd.url);
      const server = await startSecondServer({ CLAMD_URL: relay.url, MALWARE_SCAN: 'on' });
      await use({ server, relay });
      await server.stop();
      await relay.down();
      await clamd.close();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ scanning }, use) => use(scanning.server.url),
});

test.setTimeout(240_000);

// A well-formed PDF carrying the EICAR test string in a comment line.
const infectedPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%', 'latin1'),
  EICAR,
  Buffer.from('\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
]);

test('refuses a file with a virus, tells a waiting file apart, and opens the way on once it is scanned', async ({
  page,
  scanning,
}) => {
  await signInResident(page);
  const app = await applicationAtForm(page, { procedureCodes: ['birth_notification'] });
  await page.goto(`${app.base}/attached`);
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const inputs = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  await expect(inputs.first()).toBeAttached();
  const slots = await Promise.all(
    (await inputs.all()).map(async (i) => (await i.getAttribute('data-testid'))!.replace(/-file$/, '')),
  );

  // EICAR: refused at its slot with the reason, and the slot stays empty.
  const first = slots[0]!;
  await page
    .getByTestId(`${first}-file`)
    .setInputFiles({ name: 'infected.pdf', mimeType: 'application/pdf', buffer: infectedPdf });
  await expect(page.getByTestId(first)).toContainText(
    'このファイルからウイルスが見つかったため、登録しませんでした',
  );
  await expect(page.getByTestId(first).getByTestId('attachment-file-name')).toHaveCount(0);
  await expectNoAxeViolations(page, 'a file refused for a virus');

  // The scanner stops: every file is kept but waits, and says so; the way on stays closed, saying why.
  await scanning.relay.down();
  for (const slot of slots) {
    await page
      .getByTestId(`${slot}-file`)
      .setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId(slot).getByTestId('attachment-file-name')).toHaveText(`${slot}.png`);
    await expect(page.getByTestId(`${slot}-scan-pending`)).toHaveText(
      'ウイルス検査を待っています。しばらくしてから、もう一度お試しください。',
    );
  }
  const next = page.getByRole('link', { name: '登録した書類を確認する' });
  await expect(
    page.getByText('ウイルス検査が終わっていない書類があります。検査が終わると、次へ進めます。'),
  ).toBeVisible();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page, 'files waiting for their scan');
  await page.screenshot({ path: test.info().outputPath('scan-pending.png'), fullPage: true });

  // Back up: the cluster's minute sweep scans them; the page read again shows them usable.
  await scanning.relay.up();
  await expect(async () => {
    await page.reload();
    // Read once the list is on the page (a count of 0 before it loads proves nothing).
    await expect(page.getByTestId(slots[0]!).getByTestId('attachment-file-name')).toBeVisible();
    await expect(page.getByTestId(`${slots[0]}-scan-pending`)).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [5000] });
  for (const slot of slots) await expect(page.getByTestId(`${slot}-scan-pending`)).toHaveCount(0);
  await expect(next).not.toHaveAttribute('aria-disabled', 'true');
  await next.click();
  await expect(page.getByRole('button', { name: '確定して次へ' })).toBeVisible();
});
