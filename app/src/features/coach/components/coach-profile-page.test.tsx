import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInBooking } from '@/testing/booking';
import { fakeApi, gapiAnswer, renderPortal } from '@/testing/portal';

function serve() {
  fakeApi((call) => {
    if (call.url === '/api/v1/clientportal/coach/profile/')
      return {
        status: 200,
        data: {
          data: {
            first_name: 'Thomas',
            last_name: 'Lindqvist',
            booking_url: 'https://cal.example.com/thomas',
          },
        },
      };
    return gapiAnswer(call);
  });
}

// One "Book a session" wherever it is read: the portal's own booking with the flag, the coach's page without.
describe("the coach card's Book a session", () => {
  it('opens /book with the booking flag', async () => {
    signInBooking(true);
    serve();
    renderPortal('/coachprofile');
    const book = await screen.findByRole('link', { name: 'Book a session' });
    expect(book).toHaveAttribute('href', '/book');
    expect(book).not.toHaveAttribute('target');
  });

  it("opens the coach's own booking page without it", async () => {
    signInBooking(false);
    serve();
    renderPortal('/coachprofile');
    const book = await screen.findByRole('link', { name: 'Book a session' });
    expect(book).toHaveAttribute('href', 'https://cal.example.com/thomas');
    expect(book).toHaveAttribute('target', '_blank');
  });
});
