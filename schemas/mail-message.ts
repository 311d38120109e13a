// Generated from mail-message.schema.json by `npm run schemas:types`: edit the schema, not this file.
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
      description: "The sender: the tenant's name and no-reply address.",
    },
    subject: { type: 'string' },
    text: {
      type: 'string',
      description: 'The plain-text body; it may carry codes and links, so it never reaches a log line.',
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
          content: { type: 'string', description: "The file's text." },
        },
      },
    },
  },
} as const;

/** One outgoing plain-text mail. */
export type MailMessage = FromSchema<typeof mailMessageSchema>;
