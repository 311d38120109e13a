/** SPEC §8's confirmations, word for word; the referral's follows the testimonial's (SPEC names none). */
export const TICKET_SUBMITTED = 'Ticket submitted, we will get back to you soon.';
export const TESTIMONIAL_SENT = 'Testimonial has been sent successfully';
export const REFERRAL_SENT = 'Referral has been sent successfully';

/** What the client agrees to by ticking the testimonial's box; the API stores when they did. */
export const consentText = (company: string) =>
  `I agree that ${company} may publish this testimonial, signed with the name above, on its website and in its marketing.`;
