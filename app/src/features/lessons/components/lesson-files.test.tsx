import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, signInFresh } from '@/testing/portal';

const lesson = {
  id: 3,
  title: 'Know your numbers',
  short_desc: '',
  full_desc: '<p>The five figures.</p>',
  lesson_video: null,
  quiz_url: null,
  lesson_length: 45,
  context_title: 'Profit Accelerator',
  resources: [],
  files: [{ id: 7, name: 'Worksheet.pdf', size: 2048, type: 'application/pdf' }],
  video_file: { id: 8, name: 'Welcome.webm', size: 90_000, type: 'video/webm' },
  checklist: [],
  previous_lesson: null,
  next_lesson: null,
};

const analytics = {
  lesson_id: 3,
  user_group_id: 2,
  profit_impact: '',
  pre_meeting: false,
  attend_meeting: false,
  meeting_worksheet: false,
  taken_quiz: false,
  post_meeting: false,
  notes: '',
};

beforeEach(() => {
  signInFresh();
});

describe('the uploaded files of a lesson', () => {
  it('lists the files to download and plays the video from its ticket, saying so when the ticket fails', async () => {
    // Twice: a 5xx is tried once more before the player says it failed.
    const tickets = [503, 503, 200];
    fakeApi((call) => {
      if (call.url === '/api/v1/lesson-files/8/ticket') {
        const status = tickets.shift() ?? 200;
        return status === 200
          ? {
              status,
              data: { data: { url: '/api/v1/lesson-files/play/abc', expires_at: '2030-01-01T00:00:00Z' } },
            }
          : { status, data: { message: 'Service unavailable.' } };
      }
      if (call.url === '/api/v1/lessons/recording/') return { status: 200, data: { data: [] } };
      return gapiAnswer(call, { userlesson: lesson, analyticsSearch: analytics });
    });
    renderPortal('/groups/1/2/lesson/3');
    expect(await screen.findByRole('button', { name: 'Download Worksheet.pdf' })).toBeInTheDocument();
    expect(
      await screen.findByText(/The video could not be loaded: Service unavailable\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const video = await screen.findByLabelText('Lesson video: Welcome.webm');
    expect(video.getAttribute('src')).toMatch(/\/api\/v1\/lesson-files\/play\/abc$/);
    expect(video).toHaveAttribute('controls');
  });
});
