import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { Form } from '../api/form-library';

const LOAD = { timeout: 5000 };
const FORM = '/api/v1/forms/library/5';

/** A saved form: a number question recorded to the client's metric 7, and a yes/no. */
const saved = (fields: Partial<Form> = {}): Form => ({
  id: 5,
  title: 'Monthly numbers',
  tenant_wide: false,
  intake: false,
  archived: false,
  version: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
  layout: {
    sections: [
      {
        title: 'Sales',
        questions: [
          { id: 'revenue', kind: 'number', label: 'Revenue this month', required: true, metric_id: 7 },
          { id: 'hired', kind: 'yes_no', label: 'Did you hire?', required: false },
        ],
      },
    ],
  },
  ...fields,
});

beforeEach(signInCoach);

describe('editing a form', () => {
  it('shows the API’s 422 beside its question, keeps what was typed, and keeps the metric on save', async () => {
    let puts = 0;
    const calls = coachApi((call) => {
      if (call.url === FORM && call.method === 'GET') return { status: 200, data: { data: saved() } };
      if (call.url === FORM && call.method === 'PUT') {
        puts += 1;
        if (puts === 1)
          return {
            status: 422,
            data: { error: { 'layout.sections.0.questions.1.label': ['Enter at most 300 characters.'] } },
          };
        return { status: 200, data: { data: saved({ version: 3 }) } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/forms/5');
    await screen.findByRole('heading', { level: 1, name: 'Monthly numbers' }, LOAD);
    expect(screen.getByText(/Saving makes a new version of this form/)).toBeTruthy();
    const second = screen.getByRole('listitem', { name: /^Question 2/ });
    const words = within(second).getByLabelText('Question');
    await user.clear(words);
    await user.type(words, 'Did you hire anyone new?');
    await user.click(screen.getByRole('button', { name: 'Save form' }));

    expect(await within(second).findByText('Enter at most 300 characters.', {}, LOAD)).toBeTruthy();
    expect(words).toHaveValue('Did you hire anyone new?');
    expect(words).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('Form saved, version 3', {}, LOAD)).toBeTruthy();
    const bodies = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      title: 'Monthly numbers',
      layout: {
        sections: [
          {
            title: 'Sales',
            questions: [
              { id: 'revenue', kind: 'number', label: 'Revenue this month', required: true, metric_id: 7 },
              { id: 'hired', kind: 'yes_no', label: 'Did you hire anyone new?', required: false },
            ],
          },
        ],
      },
    });
    expect(within(second).queryByText('Enter at most 300 characters.')).toBeNull();
  });

  it('checks the layout before asking the API, naming the problem in its question', async () => {
    const calls = coachApi((call) =>
      call.url === FORM ? { status: 200, data: { data: saved() } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/forms/5');
    await screen.findByRole('heading', { level: 1, name: 'Monthly numbers' }, LOAD);
    await user.selectOptions(screen.getByLabelText('Kind of the new question'), 'single_choice');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const third = screen.getByRole('listitem', { name: /^Question 3/ });
    expect(within(third).getByLabelText('Question')).toHaveFocus();
    await user.keyboard('Which channel?');
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await within(third).findByText('Give at least two options.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows a coach the portal’s form without letting them change it', async () => {
    coachApi((call) =>
      call.url === FORM ? { status: 200, data: { data: saved({ tenant_wide: true }) } } : undefined,
    );
    renderPortal('/coach/forms/5');
    expect(
      await screen.findByText(/you can send it to your clients but not change it/, {}, LOAD),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save form' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Preview' })).toBeTruthy();
  });
});
