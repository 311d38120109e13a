import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal, type FakeCall } from '@/testing/portal';
import type { AssessmentPage } from '../api/get-assessment';

const LOAD = { timeout: 5000 };
const URL = '/api/v1/coach/clients/12/assessments/4';

const FLASH = '/api/v1/coach/clients/12/flash-lessons';
const noLessons = { assessments: [{ id: 4, title: 'Spring review', lessons: [] }] };

/** The page also asks for its flash lessons: none to open here. */
const server = (route: (call: FakeCall) => { status: number; data?: unknown } | undefined) =>
  coachApi((call) => (call.url === FLASH ? { status: 200, data: { data: noLessons } } : route(call)));

const page: AssessmentPage = {
  assessment: { id: 4, title: 'Spring review', assessed_on: '2026-03-02', currency_id: 1, currency: 'USD' },
  areas: [
    {
      id: 21,
      name: 'Pricing',
      score: 4,
      current_amount: 1000,
      potential_amount: 2500,
      focus_rank: 1,
      goal: '',
      steps: [{ id: 5, title: 'Write the price list', description: '', due_date: null, on_board: true }],
    },
  ],
  currencies: [{ id: 1, code: 'USD', name: 'US dollar' }],
};

beforeEach(signInCoach);

describe("the coach's assessment of a client", () => {
  it('shows the analysis in the currency and saves a changed figure by itself, saying Saved', async () => {
    const calls = server((call) =>
      call.url === URL || call.url === '/api/v1/coach/clients/12/areas/21'
        ? { status: 200, data: { data: page } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/clients/12/assessments/4');
    await screen.findByRole('heading', { level: 1, name: 'Assessment: Spring review' }, LOAD);
    expect(screen.getByText(/Current \$1,000, potential \$2,500/)).toBeTruthy();
    const line = screen.getByRole('list', { name: 'Analysis lines' }).querySelector('li')!;
    expect(within(line).getByRole('list', { name: 'Steps of Pricing' }).textContent).toContain(
      "Write the price list, on the client's board",
    );
    const potential = within(line).getByLabelText('Potential (USD)');
    await user.clear(potential);
    // Below the current amount: shown beside the field, never sent.
    await user.type(potential, '500');
    expect(within(line).getByText('The potential cannot be below the current amount.')).toBeTruthy();
    await user.type(potential, '0');
    expect(await within(line).findByText('Saved', {}, LOAD)).toBeTruthy();
    const sent = calls.filter((c) => c.url === '/api/v1/coach/clients/12/areas/21');
    expect(sent.at(-1)?.body).toMatchObject({ potential_amount: 5000, current_amount: 1000 });
    expect(sent.every((c) => (c.body as { potential_amount: number }).potential_amount >= 1000)).toBe(true);
  });

  it('says when the assessment is not found (another client’s, or none)', async () => {
    server((call) =>
      call.url === URL ? { status: 404, data: { message: 'Assessment not found.' } } : undefined,
    );
    renderPortal('/coach/clients/12/assessments/4');
    expect(
      await screen.findByText(/The assessment could not be loaded: Assessment not found/, {}, LOAD),
    ).toBeTruthy();
  });
});
