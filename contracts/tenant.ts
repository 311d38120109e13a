// Generated from tenant.schema.json by `npm run contracts:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';
import { flagsSchema } from './flags.js';

export const footer = {
  type: 'object',
  additionalProperties: false,
  properties: { supportEmail: { type: 'string', title: 'Support', minLength: 3 } },
} as const;

/** A tenant's tenants/<slug>/tenant.json (tenant.schema.json), as `portal validate` accepts it. */
export const tenantSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/tenant.schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'domain', 'apiUrl'],
  $defs: { footer: { ...footer } },
  properties: {
    $schema: {
      type: 'string',
      description: 'Path to this schema, so editors autocomplete and check the file.',
    },
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description:
        'The fixed tenant id, baked into the build and sent as X-Tenant-Id. Unique across tenants.',
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 80,
      pattern: '^[^<>]*\\S[^<>]*$',
      description: 'The product name shown in the footer and the page title.',
    },
    domain: {
      type: 'string',
      minLength: 1,
      maxLength: 253,
      pattern: '^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$',
      description:
        'The brand domain, a lowercase hostname such as portal.acme.com. Password-reset links are built from it. Unique across tenants.',
    },
    apiUrl: {
      type: 'string',
      description:
        'The product API base: an https URL, an http URL on localhost or 127.0.0.1, or "/" for the same origin.',
      maxLength: 2048,
      anyOf: [
        { const: '/', description: 'Same origin as the portal.' },
        { pattern: '^https://[a-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%/-]*)?$' },
        { pattern: '^http://(localhost|127\\.0\\.0\\.1)(:[0-9]{1,5})?(/[A-Za-z0-9._~%/-]*)?$' },
        { pattern: '^/[A-Za-z0-9._~%-]+(/[A-Za-z0-9._~%-]+)*$', description: 'A path on the portal origin.' },
      ],
    },
    themeUrl: {
      type: 'string',
      description:
        'Base from which the app loads {themeUrl}/{id}/theme.json. Default: "/themes" (the portal origin).',
      maxLength: 2048,
      anyOf: [
        { const: '/', description: 'Same origin as the portal.' },
        { pattern: '^https://[a-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%/-]*)?$' },
        { pattern: '^http://(localhost|127\\.0\\.0\\.1)(:[0-9]{1,5})?(/[A-Za-z0-9._~%/-]*)?$' },
        { pattern: '^/[A-Za-z0-9._~%-]+(/[A-Za-z0-9._~%-]+)*$', description: 'A path on the portal origin.' },
      ],
    },
    hashidsSalt: {
      type: 'string',
      minLength: 8,
      maxLength: 100,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        "Salt of the hashids encoding of user ids (the `encoded` id of the login calls, the user_id of error reports). Shared by the app and the API; default: the tenant's domain.",
    },
    footer: { ...footer },
    theme: {
      type: 'object',
      description: 'The default brand: colours and images.',
      additionalProperties: false,
      properties: {
        colors: { type: 'object', additionalProperties: { type: 'string' } },
        assets: {
          type: 'object',
          description:
            'Brand images: a file inside the tenant folder (png, jpg, webp, svg, ico) or an https URL.',
          additionalProperties: false,
          properties: {
            logo: {
              type: 'string',
              description: 'Logo shown on the login page and in the navbar.',
              minLength: 1,
              maxLength: 2048,
              anyOf: [
                { pattern: '^https://[^\\s"<>\\\\]+$' },
                { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
              ],
            },
            loginBackground: {
              type: 'string',
              description: 'Background image of the login page.',
              minLength: 1,
              maxLength: 2048,
              anyOf: [
                { pattern: '^https://[^\\s"<>\\\\]+$' },
                { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
              ],
            },
            favicon: {
              type: 'string',
              description: 'Browser tab icon.',
              minLength: 1,
              maxLength: 2048,
              anyOf: [
                { pattern: '^https://[^\\s"<>\\\\]+$' },
                { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
              ],
            },
          },
        },
      },
    },
    brands: {
      type: 'object',
      description: 'Extra brands, chosen with ?brand=<key>; each overrides the theme.',
      maxProperties: 50,
      propertyNames: { pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
      additionalProperties: {
        type: 'object',
        description: 'A brand: colours and images over the tenant theme.',
        additionalProperties: false,
        properties: {
          colors: { type: 'object', additionalProperties: { type: 'string' } },
          assets: {
            type: 'object',
            description:
              'Brand images: a file inside the tenant folder (png, jpg, webp, svg, ico) or an https URL.',
            additionalProperties: false,
            properties: {
              logo: {
                type: 'string',
                description: 'Logo shown on the login page and in the navbar.',
                minLength: 1,
                maxLength: 2048,
                anyOf: [
                  { pattern: '^https://[^\\s"<>\\\\]+$' },
                  { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
                ],
              },
              loginBackground: {
                type: 'string',
                description: 'Background image of the login page.',
                minLength: 1,
                maxLength: 2048,
                anyOf: [
                  { pattern: '^https://[^\\s"<>\\\\]+$' },
                  { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
                ],
              },
              favicon: {
                type: 'string',
                description: 'Browser tab icon.',
                minLength: 1,
                maxLength: 2048,
                anyOf: [
                  { pattern: '^https://[^\\s"<>\\\\]+$' },
                  { pattern: '^(?!/)(?!.*(^|/)\\.\\.?(/|$))[A-Za-z0-9._/-]+\\.(png|jpg|jpeg|webp|svg|ico)$' },
                ],
              },
            },
          },
        },
      },
    },
    defaultFlags: {
      ...flagsSchema.$defs.flags,
      description:
        'Training flags used when a user record lacks one: the flags of flags.schema.json, each defaulting to its default there.',
    },
    integrations: {
      type: 'object',
      description: 'Third-party integrations.',
      additionalProperties: false,
      properties: {
        analyticsContainerId: {
          type: 'string',
          pattern: '^[A-Z0-9-]{4,32}$',
          description: 'Web-analytics container id, such as GTM-ABC123.',
        },
        analyticsConsent: {
          enum: ['required', 'implied'],
          default: 'required',
          description:
            "When the analytics container loads: 'required' asks each user first (a banner; the answer is remembered), 'implied' loads it without asking. It never loads on the password reset and sign-in link pages.",
        },
        captchaSiteKey: {
          type: 'string',
          pattern: '^[A-Za-z0-9_-]{10,100}$',
          description: 'CAPTCHA site key; when set, the login form asks for a CAPTCHA.',
        },
        stripePublishableKey: {
          type: 'string',
          pattern: '^pk_(test|live)_[A-Za-z0-9]{8,255}$',
          description: 'Card payment provider publishable key.',
        },
        avatarService: {
          type: 'boolean',
          default: true,
          description: 'Use the public avatar service for users without a picture; false shows initials.',
        },
      },
    },
    integrationApi: {
      type: 'object',
      description:
        "What the integration API (/integration/v1/: the business's own systems, with an API key) hands out.",
      additionalProperties: false,
      properties: {
        messageContent: {
          type: 'boolean',
          default: false,
          description:
            "The message feed (GET /integration/v1/messages) carries each message's subject and body. Off by default: the feed says who wrote to whom, when and in which thread, and a private conversation's words stay with its two parties. Turn it on only when the business's own systems must keep the conversations (an archive, a CRM) and its clients were told so.",
        },
      },
    },
    booking: {
      type: 'object',
      description:
        "Clients booking their coach's free time (the booking training flag): the notice for moving and cancelling, where meetings take place, and the meeting types a coach starts with.",
      additionalProperties: false,
      properties: {
        noticeHours: {
          type: 'integer',
          minimum: 0,
          maximum: 720,
          default: 24,
          description:
            'A client may move or cancel a booked meeting up to this many hours before it starts (0 to 720); a meeting type may set its own. Default: 24.',
        },
        rooms: {
          description: 'Where a booked video meeting takes place. Default: { "kind": "none" }.',
          anyOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind'],
              properties: { kind: { const: 'none' } },
              description: '{ "kind": "none" }: meetings get no video room',
            },
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'baseUrl'],
              properties: {
                kind: { const: 'jitsi' },
                baseUrl: {
                  type: 'string',
                  maxLength: 200,
                  pattern:
                    '^https://[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+(:[0-9]{1,5})?/([A-Za-z0-9._~-]+/)*$',
                  description:
                    'The https address of a Jitsi-compatible server, ending in /: each meeting gets its own unguessable room under it.',
                },
              },
              description:
                '{ "kind": "jitsi", "baseUrl": "https://meet.example.com/" }: each meeting gets its own room on that Jitsi-compatible server (an https address ending in /)',
            },
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind'],
              properties: { kind: { const: 'coach' } },
              description: '{ "kind": "coach" }: each coach\'s own fixed room address',
            },
          ],
        },
        meetingTypes: {
          type: 'array',
          maxItems: 10,
          description: 'The meeting types a coach starts with (they may change them). Default: none.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'minutes', 'location'],
            properties: {
              name: {
                type: 'string',
                minLength: 1,
                maxLength: 120,
                pattern: '^[^\\x00-\\x1f]*\\S[^\\x00-\\x1f]*$',
                description: "The type's name, as clients read it.",
              },
              minutes: {
                type: 'integer',
                minimum: 5,
                maximum: 480,
                description: 'How long a meeting of this type lasts, in minutes.',
              },
              description: {
                type: 'string',
                maxLength: 2000,
                description: 'What the meeting is for, as clients read it.',
              },
              location: {
                enum: ['video', 'place', 'phone'],
                description:
                  "Where it takes place: video (the tenant's rooms), place (the place below) or phone.",
              },
              place: {
                type: 'string',
                minLength: 1,
                maxLength: 300,
                pattern: '^[^\\x00-\\x1f]*\\S[^\\x00-\\x1f]*$',
                description: 'The address, for location place.',
              },
            },
            if: { properties: { location: { const: 'place' } } },
            then: { required: ['place'] },
          },
        },
      },
    },
    agreements: {
      type: 'object',
      description:
        "Signed coaching agreements: whether a client must have signed the current version of their coach's agreement (else the tenant's) before booking a meeting or joining a group.",
      additionalProperties: false,
      properties: {
        required: {
          type: 'boolean',
          default: false,
          description:
            'true: booking a meeting and joining a group (paying for one, or a coach adding the client) are refused until the client has signed the current version of the agreement that applies to them. A portal with no published agreement asks for nothing. Default: false.',
        },
      },
    },
    notifications: {
      type: 'object',
      description:
        'Reminders and notifications: when meetings are reminded, the quiet hours, and the channels each kind of notification uses until a person chooses their own.',
      additionalProperties: false,
      properties: {
        meetingReminders: {
          type: 'array',
          uniqueItems: true,
          maxItems: 4,
          default: [1440, 60],
          items: { type: 'integer', minimum: 5, maximum: 10080 },
          description:
            'Minutes before a meeting when both people are reminded (5 to 10080, at most 4). Default: [1440, 60], a day and an hour before. [] sends no meeting reminders.',
        },
        quietHours: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          default: { from: '21:00', to: '08:00' },
          properties: {
            from: {
              type: 'string',
              pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
              description: "HH:mm, 24-hour clock, in each person's own zone.",
            },
            to: {
              type: 'string',
              pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
              description: "HH:mm, 24-hour clock, in each person's own zone.",
            },
          },
          description:
            "Nothing but the last meeting reminder is sent by mail or push between these times of a person's own day, unless they set their own. Default: 21:00 to 08:00.",
        },
        channels: {
          type: 'object',
          additionalProperties: false,
          description:
            "The channels (in_app, mail, push) each kind of notification uses until a person chooses; a kind not named keeps the product's default.",
          properties: {
            message: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            file: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            meeting: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            group_session: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            ticket: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            lesson: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            request: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            recap: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            meeting_reminder: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            steps_digest: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            morning_summary: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            form: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            payment: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            agreement: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
            goal: {
              type: 'array',
              uniqueItems: true,
              maxItems: 3,
              items: { enum: ['in_app', 'mail', 'push'] },
            },
          },
        },
      },
    },
    billing: {
      type: 'object',
      description:
        "Getting paid: the currency the tenant sells in, the tax its invoices show, the seller's details printed on them, how long a failed renewal keeps booking open, and what the portal says when cards are not taken.",
      additionalProperties: false,
      properties: {
        currency: {
          type: 'string',
          pattern: '^[A-Z]{3}$',
          default: 'USD',
          description:
            'ISO 4217 code, upper case (EUR, GBP, JPY). Prices are kept in its minor unit; JPY and other currencies without one are whole units. Default: USD.',
        },
        tax: {
          type: 'object',
          additionalProperties: false,
          required: ['label', 'ratePercent'],
          description: 'The tax included in every price, as invoices show it. Unset: invoices show no tax.',
          properties: {
            label: {
              type: 'string',
              minLength: 1,
              maxLength: 40,
              description: 'What the tax is called on invoices: VAT, GST, MwSt.',
            },
            ratePercent: {
              type: 'number',
              minimum: 0,
              maximum: 50,
              multipleOf: 0.01,
              description: 'The rate in percent, at most two decimals (20, 7.7).',
            },
          },
        },
        seller: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'address'],
          description: 'Who sells, as every invoice names them.',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 120, description: 'The legal name.' },
            address: {
              type: 'array',
              minItems: 1,
              maxItems: 6,
              items: { type: 'string', minLength: 1, maxLength: 120 },
              description: 'The postal address, a line each.',
            },
            taxId: {
              type: 'string',
              minLength: 1,
              maxLength: 40,
              description: 'The VAT or tax number, when the seller has one.',
            },
            email: {
              type: 'string',
              minLength: 3,
              maxLength: 254,
              pattern:
                '^[A-Za-z0-9._%+-]+@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$',
              description: 'Where buyers write about an invoice.',
            },
          },
        },
        graceDays: {
          type: 'integer',
          minimum: 0,
          maximum: 60,
          default: 7,
          description:
            'Days a client whose renewal failed may still book what their subscription covers (0 to 60). Default: 7.',
        },
        offlinePayment: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description:
            "How to pay when the portal takes no cards (no Stripe keys): shown on the client's Plans and billing page, e.g. a bank transfer's details.",
        },
        invoicePrefix: {
          type: 'string',
          pattern: '^[A-Z0-9][A-Z0-9-]{0,11}$',
          default: 'INV-',
          description:
            'What each invoice number starts with, before its sequence (INV-000042). Capitals, digits and hyphens, at most 12. Default: INV-.',
        },
        timeZone: {
          type: 'string',
          pattern: '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+){1,2})$',
          default: 'UTC',
          description:
            "The business's time zone (IANA, e.g. Europe/London): the admin's revenue counts each payment in the month it was paid there. Default: UTC.",
        },
      },
    },
    publish: {
      type: 'object',
      description:
        'Where `portal publish` writes this tenant when no --to is given. Default: the default target with sites/<slug>/ and themes/<id>/, the assets inside the site.',
      additionalProperties: false,
      properties: {
        site: {
          type: 'string',
          maxLength: 2048,
          anyOf: [
            {
              pattern: '^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[A-Za-z0-9._~-]+)*/?$',
              description: 'An S3 bucket and optional prefix, such as s3://acme-portal/themes.',
            },
            { pattern: '^file:///[^\\s]+$', description: 'A local folder as a file URL.' },
            {
              pattern: '^(?![A-Za-z][A-Za-z0-9+.-]*:)[^\\s]+$',
              description: 'A local folder, relative to where `portal publish` runs.',
            },
          ],
          description:
            'Target of the site (index.html, meta.json, assets): its files go directly under this URL, such as s3://acme-portal-site.',
        },
        theme: {
          type: 'string',
          maxLength: 2048,
          anyOf: [
            {
              pattern: '^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[A-Za-z0-9._~-]+)*/?$',
              description: 'An S3 bucket and optional prefix, such as s3://acme-portal/themes.',
            },
            { pattern: '^file:///[^\\s]+$', description: 'A local folder as a file URL.' },
            {
              pattern: '^(?![A-Za-z][A-Za-z0-9+.-]*:)[^\\s]+$',
              description: 'A local folder, relative to where `portal publish` runs.',
            },
          ],
          description:
            'Target under which the theme goes as <id>/theme.json; must be where themeUrl points, such as s3://acme-portal/themes for themeUrl "/themes".',
        },
        assets: {
          type: 'string',
          maxLength: 2048,
          anyOf: [
            {
              pattern: '^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[A-Za-z0-9._~-]+)*/?$',
              description: 'An S3 bucket and optional prefix, such as s3://acme-portal/themes.',
            },
            { pattern: '^file:///[^\\s]+$', description: 'A local folder as a file URL.' },
            {
              pattern: '^(?![A-Za-z][A-Za-z0-9+.-]*:)[^\\s]+$',
              description: 'A local folder, relative to where `portal publish` runs.',
            },
          ],
          description:
            'Target of the hashed assets, shared by every tenant that names it: they go once under this URL (assets/x.js as x.js), such as s3://portal/assets, and the CDN serves it at /assets/* of each tenant origin. Default: inside the site (or assets/ under the target with --shared-assets).',
        },
      },
    },
    mail: {
      type: 'object',
      description:
        "The tenant's mail: who it comes from, the footer every mail carries, and its DKIM signature. Its templates may be overridden in tenants/<slug>/mail/<kind>/ (`portal validate` checks them).",
      additionalProperties: false,
      properties: {
        senderName: {
          type: 'string',
          minLength: 1,
          maxLength: 80,
          pattern: '^[^<>"\\\\\\x00-\\x1f]*\\S[^<>"\\\\\\x00-\\x1f]*$',
          description: "The sender's name. Default: the tenant's name.",
        },
        senderAddress: {
          type: 'string',
          minLength: 3,
          maxLength: 254,
          pattern:
            '^[A-Za-z0-9._%+-]+@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$',
          description:
            "The sender's address; its domain signs the mail (dkim) and names the Message-IDs. Default: no-reply@<domain>.",
        },
        address: {
          type: 'string',
          minLength: 1,
          maxLength: 300,
          pattern: '^[^\\x00-\\x1f]*$',
          description: "The business's postal address, in the footer of every mail.",
        },
        contact: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          pattern: '^[^\\x00-\\x1f]*$',
          description: 'How to reach the business (an address, a phone number), in the footer of every mail.',
        },
        lang: {
          type: 'string',
          pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
          maxLength: 35,
          description: "The language of the mail's wording (the lang of its HTML). Default: en.",
        },
        dkim: {
          type: 'object',
          description:
            "Signs every mail with DKIM for the sender's domain. The private key is never in this file: it comes from the environment variable or the secret file named here.",
          additionalProperties: false,
          required: ['selector'],
          properties: {
            selector: {
              type: 'string',
              pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$',
              maxLength: 253,
              description:
                'The DKIM selector: the public key is published at <selector>._domainkey.<domain>.',
            },
            privateKeyEnv: {
              type: 'string',
              pattern: '^[A-Z_][A-Z0-9_]{0,127}$',
              description: 'The environment variable that holds the private key (PEM).',
            },
            privateKeyFile: {
              type: 'string',
              pattern: '^/[^\\x00-\\x1f]{1,1023}$',
              description:
                'The absolute path of a secret file (outside the repository) that holds the private key (PEM).',
            },
          },
          oneOf: [{ required: ['privateKeyEnv'] }, { required: ['privateKeyFile'] }],
        },
      },
    },
  },
} as const;

/** A valid tenant.json: a field it leaves out is undefined (its default is applied by its reader). */
export type TenantConfig = FromSchema<typeof tenantSchema, { keepDefaultedPropertiesOptional: true }>;
