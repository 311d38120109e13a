// One mail as the services build it and the mailer sends or keeps in the outbox: the shape of
// schemas/mail-message.schema.json (the outbox's columns and the tests' reader use it too). Its own file, so
// the mailer and the outbox repository both import it without importing each other.
export type { MailMessage } from '../../../../schemas/mail-message.js';
