// Every kind of mail the product sends, once: the values its templates may use (a nested object is a section
// over a list of such objects, 'list' a section over a list of strings written as {{.}}), the values a template
// must show (a mail without its code or link is useless), and sample values for previews and tests. The
// renderer, `portal validate` and `portal mail preview` all read this table.

/** A value a template shows; a nested spec is a list section whose items have these fields. */
type Field = 'text' | 'flag' | 'list' | FieldSpec;
export interface FieldSpec {
  readonly [name: string]: Field;
}

/** The tenant's brand, under `brand.` in every template (the layout's header and footer use it). */
export const BRAND_FIELDS = {
  'brand.name': 'text',
  'brand.logoUrl': 'text',
  'brand.homeUrl': 'text',
  'brand.lang': 'text',
  'brand.address': 'text',
  'brand.contact': 'text',
  'brand.background': 'text',
  'brand.textColor': 'text',
  'brand.primary': 'text',
  'brand.inverseText': 'text',
  'brand.buttonColor': 'text',
  'brand.buttonText': 'text',
  'brand.linkColor': 'text',
} as const satisfies FieldSpec;

export interface TaskItem {
  heading: string;
  lines: string[];
}

/** The values each kind is rendered with: typed per kind, so a sender cannot forget or misspell one. */
export interface MailValues {
  otp: { code: string; minutes: number };
  'login-link': { link: string; minutes: number };
  reset: { link: string; minutes: number };
  invitation: { firstName: string; link: string; inviter: string; days: number };
  'email-confirm': { firstName: string; newEmail: string; link: string; requester: string; hours: number };
  'email-changed': { firstName: string; newEmail: string };
  'shared-list': {
    sharer: string;
    sharerEmail: string;
    what: string;
    their: string;
    items: TaskItem[];
    empty: string;
  };
  meeting: {
    firstName: string;
    coach: string;
    title: string;
    when: string;
    minutes: number;
    agenda: string;
    joinUrl: string;
    place: string;
    link: string;
    scheduled: boolean;
    moved: boolean;
    cancelled: boolean;
  };
  booking: {
    firstName: string;
    other: string;
    title: string;
    when: string;
    minutes: number;
    note: string;
    joinUrl: string;
    place: string;
    link: string;
    booked: boolean;
    moved: boolean;
    cancelled: boolean;
  };
  'meeting-reminder': {
    firstName: string;
    other: string;
    title: string;
    when: string;
    soon: string;
    minutes: number;
    joinUrl: string;
    place: string;
    link: string;
  };
  'steps-digest': {
    firstName: string;
    overdue: { title: string; due: string }[];
    tomorrow: { title: string }[];
    link: string;
  };
  'morning-summary': {
    firstName: string;
    date: string;
    meetings: { time: string; title: string; client: string }[];
    unread: number;
    waiting: number;
    link: string;
  };
  'group-session': {
    firstName: string;
    coach: string;
    group: string;
    title: string;
    when: string;
    minutes: number;
    joinUrl: string;
    place: string;
    link: string;
    scheduled: boolean;
    moved: boolean;
    cancelled: boolean;
  };
  'coach-message': { sender: string; subject: string; body: string; link: string };
  'client-message': { sender: string; subject: string; body: string; link: string };
  files: {
    sender: string;
    fromCoach: boolean;
    what: string;
    files: { name: string }[];
    description: string;
    link: string;
  };
  'request-reply': { sender: string; request: string; summary: string; reply: string; link: string };
  'coach-request': { sender: string; request: string; summary: string; text: string; link: string };
  recap: { firstName: string; coach: string; title: string; when: string; text: string; link: string };
  'form-reminder': { firstName: string; title: string; due: string; link: string };
  agreement: { firstName: string; title: string; version: string; link: string };
  referral: { firstName: string; referrer: string; referrerEmail: string; link: string };
  receipt: {
    firstName: string;
    group: string;
    amount: string;
    date: string;
    reference: string;
    link: string;
  };
  'payment-failed': { firstName: string; title: string; amount: string; graceUntil: string; link: string };
  invoice: {
    firstName: string;
    /** "Invoice" or "Credit note". */
    document: string;
    number: string;
    amount: string;
    date: string;
    link: string;
  };
}

export type MailKind = keyof MailValues;

interface KindSpec<K extends MailKind> {
  /** What the mail is, for `portal mail preview` and the validate report. */
  title: string;
  fields: { [F in keyof MailValues[K]]-?: Field };
  /** The values a template of this kind must show (its HTML and its text part each). */
  required: readonly (keyof MailValues[K] & string)[];
  sample: MailValues[K];
}

const meetingSample = {
  firstName: 'Jordan',
  coach: 'Sam Rivera',
  title: 'Quarterly planning',
  when: 'Tuesday 3 March 2026 at 09:00 (Europe/London)',
  minutes: 60,
};

export const MAIL_KINDS: { [K in MailKind]: KindSpec<K> } = {
  otp: {
    title: 'The one-time password of a sign-in',
    fields: { code: 'text', minutes: 'text' },
    required: ['code'],
    sample: { code: '482913', minutes: 10 },
  },
  'login-link': {
    title: 'A sign-in link',
    fields: { link: 'text', minutes: 'text' },
    required: ['link'],
    sample: { link: 'https://portal.example.com/fbslogin/sample-token', minutes: 15 },
  },
  reset: {
    title: 'A password reset link',
    fields: { link: 'text', minutes: 'text' },
    required: ['link'],
    sample: { link: 'https://portal.example.com/reset/sample-token', minutes: 60 },
  },
  invitation: {
    title: 'An invitation to the portal, with a link to choose a password',
    fields: { firstName: 'text', link: 'text', inviter: 'text', days: 'text' },
    required: ['link'],
    sample: {
      firstName: 'Jordan',
      link: 'https://portal.example.com/invitation/sample-token',
      inviter: 'Alex Morgan',
      days: 7,
    },
  },
  'email-confirm': {
    title: 'A link that confirms a new login email, sent to the new address',
    fields: { firstName: 'text', newEmail: 'text', link: 'text', requester: 'text', hours: 'text' },
    required: ['link', 'newEmail'],
    sample: {
      firstName: 'Jordan',
      newEmail: 'jordan@new.example.com',
      link: 'https://portal.example.com/email-change/sample-token',
      requester: 'Alex Morgan',
      hours: 24,
    },
  },
  'email-changed': {
    title: 'The notice to the old address that the login email changed',
    fields: { firstName: 'text', newEmail: 'text' },
    required: ['newEmail'],
    sample: { firstName: 'Jordan', newEmail: 'jordan@new.example.com' },
  },
  'shared-list': {
    title: "A client's task list or business metrics, shared with someone",
    fields: {
      sharer: 'text',
      sharerEmail: 'text',
      what: 'text',
      their: 'text',
      items: { heading: 'text', lines: 'list' },
      empty: 'text',
    },
    required: ['sharer', 'items'],
    sample: {
      sharer: 'Jordan Lee',
      sharerEmail: 'jordan@example.com',
      what: 'a task list',
      their: 'their task list',
      items: [
        {
          heading: 'Hire a bookkeeper',
          lines: ['Responsibility: Jordan', 'Deadline: 12 March 2026', 'Status: In progress'],
        },
        {
          heading: 'Draft the price list',
          lines: ['Responsibility: Unassigned', 'Deadline: None', 'Status: To do'],
        },
      ],
      empty: 'There are no tasks yet.',
    },
  },
  meeting: {
    title: 'A meeting scheduled, moved or cancelled by the coach (with its calendar file)',
    fields: {
      firstName: 'text',
      coach: 'text',
      title: 'text',
      when: 'text',
      minutes: 'text',
      agenda: 'text',
      joinUrl: 'text',
      place: 'text',
      link: 'text',
      scheduled: 'flag',
      moved: 'flag',
      cancelled: 'flag',
    },
    required: ['title', 'when'],
    sample: {
      ...meetingSample,
      agenda: 'Review the first quarter and set the goals of the next.',
      joinUrl: 'https://meet.example.com/quarterly',
      place: '',
      link: 'https://portal.example.com/schedule',
      scheduled: true,
      moved: false,
      cancelled: false,
    },
  },
  booking: {
    title:
      'A meeting a client booked, moved or cancelled, to the client and to the coach (with its calendar file)',
    fields: {
      firstName: 'text',
      other: 'text',
      title: 'text',
      when: 'text',
      minutes: 'text',
      note: 'text',
      joinUrl: 'text',
      place: 'text',
      link: 'text',
      booked: 'flag',
      moved: 'flag',
      cancelled: 'flag',
    },
    required: ['title', 'when'],
    sample: {
      firstName: meetingSample.firstName,
      other: meetingSample.coach,
      title: 'First session',
      when: meetingSample.when,
      minutes: 30,
      note: 'I would like to talk about hiring.',
      joinUrl: 'https://meet.example.com/sam-rivera-k3j9x2m4p7q1',
      place: '',
      link: 'https://portal.example.com/schedule',
      booked: true,
      moved: false,
      cancelled: false,
    },
  },
  'meeting-reminder': {
    title:
      'A reminder before a meeting (tenant.json notifications.meetingReminders), to the client and the coach',
    fields: {
      firstName: 'text',
      other: 'text',
      title: 'text',
      when: 'text',
      soon: 'text',
      minutes: 'text',
      joinUrl: 'text',
      place: 'text',
      link: 'text',
    },
    required: ['title', 'when'],
    sample: {
      firstName: meetingSample.firstName,
      other: meetingSample.coach,
      title: meetingSample.title,
      when: meetingSample.when,
      soon: 'in 1 hour',
      minutes: meetingSample.minutes,
      joinUrl: 'https://meet.example.com/sam-rivera-k3j9x2m4p7q1',
      place: '',
      link: 'https://portal.example.com/schedule',
    },
  },
  'steps-digest': {
    title:
      "A client's morning digest of their action steps due tomorrow and overdue (one mail, not one a step)",
    fields: {
      firstName: 'text',
      overdue: { title: 'text', due: 'text' },
      tomorrow: { title: 'text' },
      link: 'text',
    },
    required: ['link'],
    sample: {
      firstName: meetingSample.firstName,
      overdue: [{ title: 'Send the pricing proposal', due: 'Monday 2 March' }],
      tomorrow: [{ title: 'Call three former clients' }],
      link: 'https://portal.example.com/action-steps',
    },
  },
  'morning-summary': {
    title: "A coach's morning summary: today's meetings, unanswered messages and waiting requests",
    fields: {
      firstName: 'text',
      date: 'text',
      meetings: { time: 'text', title: 'text', client: 'text' },
      unread: 'text',
      waiting: 'text',
      link: 'text',
    },
    required: ['link'],
    sample: {
      firstName: 'Sam',
      date: 'Tuesday 3 March 2026',
      meetings: [{ time: '09:00', title: meetingSample.title, client: 'Jordan Lee' }],
      unread: 2,
      waiting: 1,
      link: 'https://portal.example.com/coach',
    },
  },
  'group-session': {
    title: "A group's live session scheduled, moved or cancelled by the coach (with its calendar file)",
    fields: {
      firstName: 'text',
      coach: 'text',
      group: 'text',
      title: 'text',
      when: 'text',
      minutes: 'text',
      joinUrl: 'text',
      place: 'text',
      link: 'text',
      scheduled: 'flag',
      moved: 'flag',
      cancelled: 'flag',
    },
    required: ['title', 'when'],
    sample: {
      ...meetingSample,
      group: 'Growth Circle',
      title: 'Pricing with confidence',
      joinUrl: 'https://meet.example.com/growth-circle',
      place: '',
      link: 'https://portal.example.com/groups',
      scheduled: true,
      moved: false,
      cancelled: false,
    },
  },
  'coach-message': {
    title: 'A client wrote to their coach',
    fields: { sender: 'text', subject: 'text', body: 'text', link: 'text' },
    required: ['link'],
    sample: {
      sender: 'Jordan Lee',
      subject: 'Before Tuesday',
      body: 'Could we look at the hiring plan first?\nThanks!',
      link: 'https://portal.example.com/coach/messages/12',
    },
  },
  'client-message': {
    title: 'A coach wrote to their client',
    fields: { sender: 'text', subject: 'text', body: 'text', link: 'text' },
    required: ['link'],
    sample: {
      sender: 'Sam Rivera',
      subject: 'Your plan',
      body: 'Here is the plan we discussed.\nSee you Tuesday.',
      link: 'https://portal.example.com/messages',
    },
  },
  files: {
    title: 'Files (or a note) sent through My Resources',
    fields: {
      sender: 'text',
      fromCoach: 'flag',
      what: 'text',
      files: { name: 'text' },
      description: 'text',
      link: 'text',
    },
    required: ['link'],
    sample: {
      sender: 'Sam Rivera',
      fromCoach: true,
      what: '2 files',
      files: [{ name: 'plan.pdf' }, { name: 'budget.xlsx' }],
      description: 'The plan and the budget, as promised.',
      link: 'https://portal.example.com/resources',
    },
  },
  'request-reply': {
    title: "A coach's answer to a ticket, testimonial or referral",
    fields: { sender: 'text', request: 'text', summary: 'text', reply: 'text', link: 'text' },
    required: ['reply'],
    sample: {
      sender: 'Sam Rivera',
      request: 'ticket',
      summary: 'The calendar does not show my meeting',
      reply: 'Fixed: it shows now. Thank you for telling us.',
      link: 'https://portal.example.com/messages',
    },
  },
  recap: {
    title: "A coach's recap of a meeting, shared with the client (its text, and a link to read and comment)",
    fields: { firstName: 'text', coach: 'text', title: 'text', when: 'text', text: 'text', link: 'text' },
    required: ['link'],
    sample: {
      firstName: meetingSample.firstName,
      coach: meetingSample.coach,
      title: meetingSample.title,
      when: 'Tuesday 3 March 2026',
      text: 'We agreed on the three hires for the spring.\nNext: draft the job descriptions.',
      link: 'https://portal.example.com/schedule',
    },
  },
  'payment-failed': {
    title:
      "A subscription's or plan's payment that failed, told to the client with the last day booking stays open",
    fields: { firstName: 'text', title: 'text', amount: 'text', graceUntil: 'text', link: 'text' },
    required: ['title', 'link'],
    sample: {
      firstName: meetingSample.firstName,
      title: 'Monthly coaching',
      amount: '€120.00',
      graceUntil: 'Thursday 5 March',
      link: 'https://portal.example.com/billing',
    },
  },
  'form-reminder': {
    title: 'A reminder of a form the client has not submitted, the day before it is due',
    fields: { firstName: 'text', title: 'text', due: 'text', link: 'text' },
    required: ['title', 'link'],
    sample: {
      firstName: meetingSample.firstName,
      title: 'Before our session',
      due: 'Thursday 5 March',
      link: 'https://portal.example.com/forms/12',
    },
  },
  agreement: {
    title: 'A version of the coaching agreement the client has to sign, told when it is published',
    fields: { firstName: 'text', title: 'text', version: 'text', link: 'text' },
    required: ['title', 'link'],
    sample: {
      firstName: meetingSample.firstName,
      title: 'Coaching agreement',
      version: '2',
      link: 'https://portal.example.com/agreement',
    },
  },
  'coach-request': {
    title: "A client's new ticket, testimonial or referral, told to their coach",
    fields: { sender: 'text', request: 'text', summary: 'text', text: 'text', link: 'text' },
    required: ['link'],
    sample: {
      sender: 'Jordan Lee',
      request: 'support request',
      summary: 'The calendar does not show my meeting',
      text: 'Since Monday my Thursday meeting is missing from My Schedule.',
      link: 'https://portal.example.com/coach/requests?kind=tickets',
    },
  },
  referral: {
    title: 'A referral: a client recommends the business to someone',
    fields: { firstName: 'text', referrer: 'text', referrerEmail: 'text', link: 'text' },
    required: ['link'],
    sample: {
      firstName: 'Casey',
      referrer: 'Jordan Lee',
      referrerEmail: 'jordan@example.com',
      link: 'https://portal.example.com/',
    },
  },
  receipt: {
    title: "The receipt of a paid group's payment",
    fields: {
      firstName: 'text',
      group: 'text',
      amount: 'text',
      date: 'text',
      reference: 'text',
      link: 'text',
    },
    required: ['amount', 'reference'],
    sample: {
      firstName: 'Jordan',
      group: 'Growth Circle',
      amount: '$120.00',
      date: '2026-03-03',
      reference: 'pi_sample_0001',
      link: 'https://portal.example.com/groups',
    },
  },
  invoice: {
    title: 'An invoice or credit note, its PDF attached',
    fields: {
      firstName: 'text',
      document: 'text',
      number: 'text',
      amount: 'text',
      date: 'text',
      link: 'text',
    },
    required: ['document', 'number', 'amount'],
    sample: {
      firstName: 'Jordan',
      document: 'Invoice',
      number: 'INV-000042',
      amount: '€600.00',
      date: '3 March 2026',
      link: 'https://portal.example.com/billing',
    },
  },
};

export const mailKinds = Object.keys(MAIL_KINDS) as MailKind[];

export const isMailKind = (name: string): name is MailKind => Object.hasOwn(MAIL_KINDS, name);
