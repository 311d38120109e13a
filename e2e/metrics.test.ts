/**
 * /metrics in Chromium against the real API (PGlite, seeded): the demo client records this month's revenue and
 * sees the chart and the table change (and keep it after a reload), edits a metric, mails the metrics to the
 * coach; axe on the page; a 375 px phone; the chart draws under the portal's Content-Security-Policy.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerWithServerError,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  fromMail,
  useAppStack,
  useSignedInPage,
} from './app-support';

const EMAIL = 'client@demo.test';
const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', EMAIL, 'metrics');

let page: Page;
let origin: string;
const problems: string[] = [];

beforeAll(() => {
  ({ page, origin } = user);
  page.on('console', (m: ConsoleMessage) => {
    if (/Content.Security.Policy|Refused/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
});

const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text).first();
const metric = (name: string) => page.getByRole('article', { name });
const canvas = (name: string) => metric(name).locator('.metric-chart-canvas canvas').first();

// The form offers this month first, in the client's time zone: the test reads which month that is.
const monthField = (name: string) => metric(name).getByLabel('Month', { exact: true });

describe('metrics (demo client)', () => {
  it('lines up the form, shows each month whole, keeps Edit in its corner and room under the amounts', async () => {
    // Every text the charts draw on their canvases, with where and how (uPlot draws its axis labels so).
    await page.addInitScript(() => {
      const drawn: { text: string; y: number; baseline: string; font: string; canvas: HTMLCanvasElement }[] =
        [];
      Object.assign(window, { drawnTexts: drawn });
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
        drawn.push({ text, y, baseline: this.textBaseline, font: this.font, canvas: this.canvas });
        return fillText.call(this, text, x, y, maxWidth);
      };
    });
    await page.goto(`${origin}/metrics`);
    await canvas('Customer complaints').waitFor();

    // The new metric's four fields: labels on one line, boxes on the next, whichever have a hint.
    const form = page.getByRole('region', { name: 'Add a metric' });
    const tops = (selector: string) =>
      form
        .locator(selector)
        .evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top)));
    const labels = await tops('.field > label');
    expect(labels).toHaveLength(4);
    expect(new Set(labels).size, `label tops ${labels.join(', ')}`).toBe(1);
    const boxes = await tops('.field > :is(input, select)');
    expect(new Set(boxes).size, `box tops ${boxes.join(', ')}`).toBe(1);

    // The month picker is at least as wide as its longest choice ('... (recorded)') needs.
    const month = monthField('Monthly revenue');
    const [width, needed] = await month.evaluate((select: HTMLSelectElement) => {
      const probe = select.cloneNode(true) as HTMLSelectElement;
      probe.style.width = 'max-content';
      select.parentElement!.append(probe);
      const widths = [select.getBoundingClientRect().width, probe.getBoundingClientRect().width];
      probe.remove();
      return widths;
    });
    expect(width).toBeGreaterThanOrEqual(needed!);

    // Under each chart the months start below the lowest amount's label, never touching it.
    const gaps = await page.evaluate(() => {
      const drawn = (
        window as unknown as {
          drawnTexts: {
            text: string;
            y: number;
            baseline: string;
            font: string;
            canvas: HTMLCanvasElement;
          }[];
        }
      ).drawnTexts;
      const px = (font: string) => Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
      return [...new Set(drawn.map((d) => d.canvas))].map((chart) => {
        const texts = drawn.filter((d) => d.canvas === chart);
        const amounts = texts.filter((d) => d.baseline === 'middle');
        const months = texts.filter((d) => d.baseline === 'top');
        const lowestAmount = Math.max(...amounts.map((d) => d.y + px(d.font) / 2));
        return Math.min(...months.map((d) => d.y)) - lowestAmount;
      });
    });
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(2);

    // On a phone every card keeps Edit in its top right corner, whatever the length of its name and target.
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await canvas('Customer complaints').waitFor();
      const places = await page.locator('.metric-card').evaluateAll((cards) =>
        cards.map((card) => {
          const box = card.getBoundingClientRect();
          const edit = card.querySelector('.metric-card-header .btn')!.getBoundingClientRect();
          return `${Math.round(edit.top - box.top)},${Math.round(box.right - edit.right)}`;
        }),
      );
      expect(places.length).toBeGreaterThanOrEqual(3);
      expect(new Set(places).size, places.join(' ')).toBe(1);
      await user.shot('phone-cards');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('adds a new metric, which starts with no months', async () => {
    const form = page.getByRole('region', { name: 'Add a metric' });
    await form.getByLabel('Name').fill('Repeat customers');
    await form.getByLabel('Unit').fill('%');
    await form.getByLabel('Target').fill('40');
    await form.getByLabel('Better when').selectOption({ label: 'Higher' });
    await form.getByRole('button', { name: 'Add metric' }).click();
    await toast('Metric added').waitFor();
    const added = metric('Repeat customers');
    await added.getByText('Target: 40 % · Higher is better').waitFor();
    await added.getByText('No months recorded yet. Record the first one below.').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    await expectNoSeriousViolations(page, 'a new metric');
    await page.reload();
    await metric('Repeat customers').waitFor();
  });

  it('records this month: the chart and the table change, and stay after a reload', async () => {
    await page.goto(`${origin}/metrics`);
    const revenue = metric('Monthly revenue');
    await revenue.waitFor();
    await canvas('Monthly revenue').waitFor();
    await revenue.getByText('Month by month').click();
    const table = revenue.getByRole('table', { name: 'Monthly revenue by month' });
    expect(await table.getByRole('row').count()).toBe(13); // the header and twelve months
    await expect
      .poll(() => revenue.locator('figcaption').textContent())
      .toMatch(/^12 months recorded\. Latest: .+, 51,400 USD; target 50,000 USD\.$/);
    const before = await canvas('Monthly revenue').screenshot();
    await user.shot('before');

    const month = await monthField('Monthly revenue').inputValue();
    const option = (await monthField('Monthly revenue').locator('option:checked').textContent())!.trim();
    // The seed fills the twelve months before its own (UTC) month: only in the hours when the client's zone is
    // still in the month before is this month already recorded, and the form then corrects it.
    const already = option.endsWith(' (recorded)');
    const monthLabel = option.replace(' (recorded)', '');
    const months = already ? 12 : 13;
    await revenue.getByLabel('Value (USD)').fill('58,250');
    await revenue.getByLabel('Note (optional)').fill('Two new service contracts');
    await revenue.getByRole('button', { name: already ? 'Update month' : 'Record month' }).click();
    await toast(`Monthly revenue: ${monthLabel} saved`).waitFor();

    await table.getByRole('rowheader', { name: monthLabel }).waitFor();
    expect(await table.getByRole('row').count()).toBe(months + 1);
    const newest = table.getByRole('row').nth(1);
    await expect.poll(() => newest.textContent()).toBe(`${monthLabel}58,250 USDMetTwo new service contracts`);
    await expect
      .poll(() => revenue.locator('figcaption').textContent())
      .toBe(`${months} months recorded. Latest: ${monthLabel}, 58,250 USD; target 50,000 USD.`);
    await canvas('Monthly revenue').waitFor();
    const after = await canvas('Monthly revenue').screenshot();
    expect(after.equals(before)).toBe(false);
    await user.shot('after');

    await page.reload();
    await revenue.getByText('Month by month').click();
    await table.getByRole('rowheader', { name: monthLabel }).waitFor();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    expect(await revenue.getByRole('button', { name: 'Update month' }).count()).toBe(1);
  });

  it('edits a metric', async () => {
    const leads = metric('New leads');
    await leads.getByRole('button', { name: 'Edit metric: New leads' }).click();
    await leads.getByLabel('Name').fill('Qualified leads');
    await leads.getByLabel('Target').fill('45');
    await leads.getByRole('button', { name: 'Save changes' }).click();
    await toast('Metric updated').waitFor();
    await metric('Qualified leads').getByText('Target: 45 leads · Higher is better').waitFor();
  });

  it('mails the metrics to the coach', async () => {
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send by email' }).click();
    await toast('Metrics sent to coach@demo.test').waitFor();
    const line = await fromMail('coach@demo.test', since, /(- Monthly revenue: [^\r\n]+)/);
    expect(line).toBe('- Monthly revenue: target 50,000 USD, higher is better');
  });

  it("says 'Unable to send email' when the API fails to mail them, and keeps the address", async () => {
    const restore = await answerWithServerError(page, '/api/v1/coachingportal/metrics/share/');
    try {
      const share = page.getByRole('form', { name: 'Share your metrics' });
      await share.getByLabel('Email address').fill('partner@example.com');
      await share.getByRole('button', { name: 'Send by email' }).click();
      await toast('Unable to send email').waitFor();
      expect(await share.getByLabel('Email address').inputValue()).toBe('partner@example.com');
    } finally {
      await restore();
    }
  });

  it('has no serious or critical axe violation, and the chart drew without a console problem', async () => {
    await page.goto(`${origin}/metrics`);
    await canvas('Monthly revenue').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'metrics');
    // A CSP refusal (of a style or script the chart needs) or an uncaught error would be recorded here.
    expect(problems).toEqual([]);
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${origin}/metrics`);
      await canvas('Monthly revenue').waitFor();
      await page.waitForLoadState('networkidle');
      await user.shot('phone');
      await expectNoSidewaysScroll(page, 'metrics');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
