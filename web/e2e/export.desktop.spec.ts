import { readFileSync } from 'node:fs';
import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';

test('downloads the liked articles as a PDF and as an EPUB, with the spec’s messages', async ({ page, request, feedSite }, testInfo) => {
  test.setTimeout(180_000); // two exports (each a job that renders a file) on a busy 2-core machine
  const user = await newsReader(request, feedSite, 3, 'exporter');
  const headers = { Authorization: `Bearer ${user.token}` };
  const articles = (await (await request.get('/api/articles?limit=3', { headers })).json()) as { articles: { id: string }[] };
  for (const { id } of articles.articles) expect((await request.post(`/api/articles/${id}/like`, { headers })).ok()).toBe(true);

  await signIn(page, user.username, user.password, '/export');
  await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Liked Articles/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Shared Articles/ })).not.toBeChecked();
  await expect(page.getByLabel('Time range', { exact: true })).toHaveValue('7');

  // Validation: no source disables Generate and says why; Weekly Digest shows its (empty) picker.
  await page.getByRole('checkbox', { name: /^Liked Articles/ }).uncheck();
  await expect(page.getByText('Please select at least one content source')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate PDF' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Weekly Digest/ }).check();
  await expect(page.getByLabel('Digest', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Digest', { exact: true })).toHaveText('No digests yet');
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(toast(page, 'Please select a digest')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Weekly Digest/ }).uncheck();
  await page.getByRole('checkbox', { name: /^Liked Articles/ }).check();
  await saveScreenshot(page, testInfo, 'export');
  await expectAccessible(page, 'export');

  for (const format of ['pdf', 'epub'] as const) {
    await page.getByLabel('Format', { exact: true }).selectOption(format);
    const label = format.toUpperCase();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Generate ${label}` }).click();
    await expect(page.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^reading-digest-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, format === 'pdf' ? 5 : 2).toString()).toBe(format === 'pdf' ? '%PDF-' : 'PK');
    await expect(toast(page, `${label} downloaded successfully!`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Generate ${label}` })).toBeEnabled();
  }
});
