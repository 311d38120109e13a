/**
 * The client's tickets on /help, newest first: each with where their coach is with it and the coach's answers,
 * which used to exist only in the client's mail.
 */
import { QueryState } from '@/components/query-state';
import { RequestAnswers } from '@/components/request-answers';
import { ZoneNote } from '@/components/zone-note';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { useTickets, type Ticket } from '../api/get-tickets';

const STATUS: Record<Ticket['status'], string> = {
  new: 'Received',
  in_progress: 'In progress',
  done: 'Done',
};

export function YourTickets() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const tickets = useTickets();
  return (
    <section className="card" aria-labelledby="tickets-title">
      <h2 id="tickets-title">Your tickets</h2>
      <QueryState
        query={tickets}
        what="Your tickets"
        empty={
          <p className="muted">
            You have not sent a ticket yet. Your tickets, where they stand and your coach&apos;s answers
            appear here.
          </p>
        }
      >
        {(list) => (
          <>
            <ZoneNote zone={zone} />
            <ul className="help-tickets">
              {list.map((ticket) => (
                <li key={ticket.id} className="help-ticket">
                  <article aria-labelledby={`ticket-${ticket.id}`}>
                    <header className="help-ticket-header">
                      <h3 id={`ticket-${ticket.id}`} className="help-ticket-subject">
                        {ticket.subject}
                      </h3>
                      <span className={`request-status status-${ticket.status}`}>
                        {STATUS[ticket.status]}
                      </span>
                    </header>
                    <p className="muted help-ticket-meta">
                      Sent <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at, zone)}</time>
                      {ticket.answers.length === 0 && ' · not answered yet'}
                    </p>
                    <p className="help-ticket-message">{ticket.message}</p>
                    <RequestAnswers
                      answers={ticket.answers}
                      zone={zone}
                      label={`Answers to ${ticket.subject}`}
                    />
                  </article>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
