// Generated from mail-message.schema.json by `npm run contracts:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';

/** One outgoing mail (mail-message.schema.json). */
export const mailMessageSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/mail-message.schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['to', 'from', 'subject', 'text'],
  properties: {
    to: { type: 'string', minLength: 1, description: "The one recipient's address." },
    from: {
      type: 'string',
      minLength: 1,
      description:
        "The sender: the tenant's sender name and address (tenant.json's mail, else its name and no-reply address).",
    },
    subject: { type: 'string' },
    text: {
      type: 'string',
      description:
        'The plain-text body, always present; it may carry codes and links, so it never reaches a log line.',
    },
    html: {
      type: 'string',
      description: "The HTML alternative of the text (templates/mail/), in the tenant's brand.",
    },
    headers: {
      type: 'object',
      additionalProperties: false,
      required: ['List-Unsubscribe', 'List-Unsubscribe-Post'],
      description:
        "A notification's one-click unsubscribe (RFC 2369 and RFC 8058): the API's signed link for its kind, POSTed by the mail client; absent on mail that is no notification (a sign-in code, a reset).",
      properties: {
        'List-Unsubscribe': { type: 'string', pattern: '^<https?://[^<>\\s]+>$' },
        'List-Unsubscribe-Post': { const: 'List-Unsubscribe=One-Click' },
      },
    },
    attachments: {
      type: 'array',
      description:
        "Files sent with the text, such as a meeting's calendar invitation; absent when there are none.",
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['filename', 'contentType', 'content'],
        properties: {
          filename: { type: 'string', minLength: 1 },
          contentType: {
            type: 'string',
            minLength: 1,
            description:
              'The MIME type with its parameters, e.g. text/calendar; method=REQUEST; charset=UTF-8.',
          },
          content: {
            type: 'string',
            description: "The file's text, or its bytes written as base64 (encoding).",
          },
          encoding: {
            type: 'string',
            enum: ['base64'],
            description:
              "base64: content is a binary file (an invoice's PDF) written as base64; absent: content is text.",
          },
        },
      },
    },
    messageId: {
      type: 'string',
      pattern: '^<[^<>@\\s]+@[a-z0-9.-]+>$',
      description: "The Message-ID, on the sender's domain; kept so a mail sent again is the same mail.",
    },
  },
} as const;

/** One outgoing plain-text mail. */
export type MailMessage = FromSchema<typeof mailMessageSchema>;
