import { sanitizeBody } from '@/lib/sanitize-body';

/** A message's HTML body, sanitised (./sanitize-body) right before it is rendered. */
export function MessageBody({ html }: { html: string }) {
  return <div className="message-body" dangerouslySetInnerHTML={{ __html: sanitizeBody(html) }} />;
}
