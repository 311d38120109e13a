// The files a mail kind is made of and the partials its HTML may include: what `portal validate` checks a
// tenant's templates against, apart from the renderer so the check does not load the CSS inliner.

export const MAIL_PARTS = ['subject', 'html', 'text'] as const;
export type MailPart = (typeof MAIL_PARTS)[number];

/** The partials an HTML template may include: a button around its label, linking to the kind's `link`. */
export const MAIL_PARTIALS = ['button-start', 'button-end'] as const;
