// A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, for the tests of SMTP delivery.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from './mail.js';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  /** The message as it came over the wire, undecoded: what a DKIM signature is checked against. */
  bytes: Buffer;
}

export interface TestSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on `port` (0: any free one) and pushes every mail it accepts to `inbox`, decoded. With `hold`, each
 * mail is taken in full but the server's answer waits until hold() resolves: a send that lasts as long as the
 * test wants.
 */
export async function startSmtp(
  inbox: Received[],
  port = 0,
  hold: () => Promise<void> = () => Promise.resolve(),
): Promise<TestSmtp> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(bytes.toString('utf8')),
          bytes,
        });
        void hold().then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
