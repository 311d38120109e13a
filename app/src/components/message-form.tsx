/**
 * Writing a message: a new one (with a subject) or a reply (the thread's subject). What was typed and the
 * uploaded files stay when sending fails, and the API's refusals show beside what they are about (the subject,
 * the message, the files, the recipient); Send waits for the uploads to finish.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Field, FieldError, TextAreaField } from './field';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { Letter, LetterField } from '@/lib/mail';
import { AttachmentPicker } from './attachment-picker';
import { textToHtml } from '@/lib/text-to-html';
import { useAttachments } from './use-attachments';
import { FormButtons } from './form-buttons';
import './message.css';

// The API's limit, said and counted where the subject is typed; a longer one (a paste) is refused beside the
// field before sending, never cut without a word.
const SUBJECT_MAX = 200;

export function MessageForm({
  subject: fixedSubject,
  recipient,
  bodyLabel,
  submitLabel,
  pending,
  onSend,
  children,
}: {
  /** A reply's subject; a new message asks for one. */
  subject?: string;
  /** Who a new message goes to ("your coach"); a reply goes to the thread's other party. */
  recipient?: string;
  bodyLabel: string;
  submitLabel: string;
  pending: boolean;
  /** Settles once sent; a failure keeps the form as it is and shows the refusals of its fields. */
  onSend: (input: Letter) => Promise<unknown>;
  /** Fields of the page's own before the subject: the coach's choice of client. */
  children?: ReactNode;
}) {
  const recipientId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const attachments = useAttachments();
  const { errors, show, fromError, clear } = useFieldErrors<LetterField>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = subject.trim();
    if (fixedSubject === undefined && typed.length > SUBJECT_MAX) {
      show({ subject: `Shorten the subject to ${SUBJECT_MAX} characters: it has ${typed.length}.` }, form);
      return;
    }
    try {
      await onSend({
        subject: fixedSubject ?? subject.trim(),
        body: textToHtml(body),
        attachments: attachments.ids,
      });
    } catch (error) {
      // What the form cannot show was a toast (the API client); what was typed stays.
      fromError(error, form);
      return;
    }
    clear();
    setSubject('');
    setBody('');
    attachments.clear();
  };

  return (
    <form className="message-form" onSubmit={(event) => void submit(event)}>
      {recipient !== undefined && (
        <>
          <p id={recipientId} className="muted">
            To: {recipient}
          </p>
          <FieldError id={recipientId} error={errors.to} />
        </>
      )}
      {children}
      {fixedSubject === undefined && (
        <Field
          label="Subject"
          hint={`At most ${SUBJECT_MAX} characters (${subject.length} typed).`}
          value={subject}
          required
          error={errors.subject}
          onChange={(event) => setSubject(event.target.value.replace(/[\r\n]/g, ' '))}
        />
      )}
      <TextAreaField
        label={bodyLabel}
        rows={8}
        required
        value={body}
        error={errors.body}
        onChange={(event) => setBody(event.target.value)}
      />
      <AttachmentPicker attachments={attachments} error={errors.attachments} />
      <FormButtons
        submitLabel={submitLabel}
        pendingLabel="Sending..."
        pending={pending}
        disabled={attachments.busy}
      >
        {attachments.busy && <span className="muted">Waiting for the uploads to finish...</span>}
      </FormButtons>
    </form>
  );
}

/** "Re: " and the thread's subject, shortened with an ellipsis where the two would pass the subject limit. */
function replySubject(subject: string): string {
  if (/^re:/i.test(subject)) return subject;
  const reply = `Re: ${subject}`;
  return reply.length <= SUBJECT_MAX ? reply : `${reply.slice(0, SUBJECT_MAX - 1)}…`;
}

/** The reply card under a thread: its subject is the thread's ("Re: ..."), its recipient the other party. */
export function ReplySection({
  threadSubject,
  Heading,
  pending,
  onSend,
}: {
  threadSubject: string;
  /** The level under the page's thread title. */
  Heading: 'h2' | 'h3';
  pending: boolean;
  onSend: (input: Letter) => Promise<unknown>;
}) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <Heading id={titleId} className="mail-form-title">
        Reply
      </Heading>
      <MessageForm
        subject={replySubject(threadSubject)}
        bodyLabel="Your reply"
        submitLabel="Send reply"
        pending={pending}
        onSend={onSend}
      />
    </section>
  );
}
