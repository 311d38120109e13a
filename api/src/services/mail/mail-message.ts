// One mail as the services build it and the mailer sends or keeps in the outbox.
export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
}
