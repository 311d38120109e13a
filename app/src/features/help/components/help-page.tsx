/**
 * /help: answers to what clients ask most, a support ticket, and "Share your experience" (a testimonial and a
 * referral): SPEC names those forms but gives them no route or menu item, and /help is where a client looks.
 */
import './help.css';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';
import { ReferralForm } from './referral-form';
import { TestimonialForm } from './testimonial-form';
import { TicketForm } from './ticket-form';
import { YourTickets } from './your-tickets';
import { PageFrame } from '@/components/page-frame';

const QUESTIONS: { q: string; a: string }[] = [
  {
    q: 'Why do I have to enter a one-time password?',
    a: 'The first time you sign in on a device we email you a 6-digit code to make sure it is you. After that this device is trusted for 30 days and you only need your email and password.',
  },
  {
    q: 'I did not receive the code.',
    a: 'Check your spam folder, then use "Resend OTP" on the sign-in page once the counter reaches zero. Each new code replaces the previous one.',
  },
  {
    q: 'Why was I signed out?',
    a: 'For your security you are signed out after an hour without activity, a minute after we warn you. Signing out on one tab signs you out on the others too.',
  },
  {
    q: 'I forgot my password.',
    a: 'Use "Forgot your password?" on the sign-in page. We email you a link that works once, for 60 minutes.',
  },
  {
    q: 'How do I change my details or picture?',
    a: 'Open My Profile from the menu or from your name at the top right.',
  },
];

export default function HelpPage() {
  const { config } = usePortal();
  return (
    <PageFrame title="Help" className="help-page">
      <div className="card">
        <p>
          Welcome to {config.name}. Here is how the portal works; for anything about your coaching, ask{' '}
          <Link to={paths.coachProfile}>your coach</Link> directly.
        </p>
        <div className="faq">
          {QUESTIONS.map(({ q, a }) => (
            <details key={q}>
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
        <p className="muted">
          Portal version {config.version}. <Link to={paths.profile}>Go to My Profile</Link>
        </p>
      </div>
      <div className="card">
        <TicketForm />
      </div>
      <YourTickets />
      <section className="card" aria-labelledby="share-title">
        <h2 id="share-title">Share your experience</h2>
        <div className="help-columns">
          <TestimonialForm />
          <ReferralForm />
        </div>
      </section>
    </PageFrame>
  );
}
