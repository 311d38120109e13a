import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, signInFresh } from '@/testing/portal';

const recap = {
  id: 4,
  client_id: 1,
  meeting: { id: 9, title: 'Pricing workshop', starts_at: '2026-11-20T14:00:00.000Z' },
  author: { id: 2, first_name: 'Sam', last_name: 'Rivera' },
  body: '<p>We agreed on <b>three hires</b>.</p>',
  shared_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
  comments: [] as unknown[],
  action_steps: [{ id: 7, title: 'Write the job ad', status: 0, due_date: '2026-12-01' }],
};

beforeEach(() => {
  signInFresh();
});

describe('/recaps/{id}', () => {
  it("shows the coach's recap, its steps, and takes a comment by keyboard", async () => {
    const sent: unknown[] = [];
    fakeApi((call) => {
      if (call.url === '/api/v1/recaps/4') return { status: 200, data: { data: recap } };
      if (call.url === '/api/v1/recaps/4/comments') {
        sent.push(call.body);
        const comment = {
          id: 1,
          author: { id: 1, first_name: 'Jordan', last_name: 'Lee' },
          mine: true,
          body: 'Thanks!',
          created_at: '2026-11-21T09:00:00.000Z',
        };
        recap.comments = [comment];
        return { status: 201, data: { data: comment } };
      }
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 404, data: { message: 'Not found.' } };
    });
    renderPortal('/recaps/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recap: Pricing workshop' }),
    ).toBeInTheDocument();
    expect(screen.getByText('three hires')).toBeInTheDocument();
    expect(screen.getByText('Write the job ad')).toBeInTheDocument();
    expect(screen.getByText('No comments yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    // An empty comment is refused beside its field, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Write your comment.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Your comment'), 'Thanks!');
    await user.keyboard('{Tab}{Enter}');
    expect(await screen.findByText('You')).toBeInTheDocument();
    expect(sent).toEqual([{ body: 'Thanks!' }]);
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getByText('Thanks!')).toBeInTheDocument();
    // What was sent is cleared from the field for the next comment.
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });

  it('says a recap that is not theirs (or still a draft) is not found, with one link back', async () => {
    fakeApi((call) => {
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 404, data: { message: 'Recap not found.' } };
    });
    renderPortal('/recaps/5');
    expect(await screen.findByRole('heading', { name: 'Recap not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your schedule' })).toHaveAttribute('href', '/schedule');
  });
});
