/**
 * Writing a message: a new one (with a subject) or a reply (the thread's subject). What was typed and the
 * uploaded files stay when sending fails; Send waits for the uploads to finish.
 */
import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import type { EmailInput } from '../api/send-email';
import { AttachmentPicker } from './attachment-picker';
import { textToHtml } from './text-to-html';
import { useAttachments } from './use-attachments';

const SUBJECT_MAX = 200;

export function MessageForm({
  subject: fixedSubject,
  bodyLabel,
  submitLabel,
  pending,
  onSend,
}: {
  /** A reply's subject; a new message asks for one. */
  subject?: string;
  bodyLabel: string;
  submitLabel: string;
  pending: boolean;
  /** true when sent. */
  onSend: (input: Omit<EmailInput, 'previous'>) => Promise<boolean>;
}) {
  const bodyId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const attachments = useAttachments();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await onSend({
      subject: fixedSubject ?? subject.trim(),
      body: textToHtml(body),
      attachments: attachments.ids,
    });
    if (!sent) return;
    setSubject('');
    setBody('');
    attachments.clear();
  };

  return (
    <form className="message-form" onSubmit={(event) => void submit(event)}>
      {fixedSubject === undefined && (
        <Field
          label="Subject"
          value={subject}
          required
          maxLength={SUBJECT_MAX}
          onChange={(event) => setSubject(event.target.value.replace(/[\r\n]/g, ' '))}
        />
      )}
      <div className="field">
        <label htmlFor={bodyId}>{bodyLabel}</label>
        <textarea
          id={bodyId}
          rows={8}
          required
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      <AttachmentPicker attachments={attachments} />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={pending || attachments.busy}>
          {pending ? 'Sending...' : submitLabel}
        </button>
        {attachments.busy && <span className="muted">Waiting for the uploads to finish...</span>}
      </div>
    </form>
  );
}
