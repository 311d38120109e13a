// The one definition of plain text at the API's edge. Every string a request carries is text a person typed or a
// token the API issued, never control characters: PostgreSQL refuses 0x00 in text (a NUL would be a 500
// half-way through a write), and the rest only hides content or breaks lines in logs, mails, headers and CSV
// files. Control characters are C0 (U+0000..U+001F) and DEL (U+007F). "single-line" text allows a tab;
// "multi-line" text also newlines and carriage returns (note bodies, task notes, a message's body). The route
// schemas' `plainText` keyword (routes/plain-text.ts), GraphQL's free-text arguments, multipart fields and
// uploaded text files are all checked with `hasControl`; names put into headers lose theirs with
// `replaceControl`. test/structure.test.ts allows no other control-character pattern in api/src.

/** The control characters each kind of text allows. */
const allowed = { 'single-line': '\t', 'multi-line': '\t\n\r' } as const;

export type PlainTextKind = keyof typeof allowed;

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** Whether `text` holds a control character that text of this kind may not. */
export function hasControl(kind: PlainTextKind, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (isControl(text.charCodeAt(i)) && !allowed[kind].includes(text.charAt(i))) return true;
  }
  return false;
}

/** `text` with each run of control characters (tabs and line breaks too) replaced by `by`: for a header value. */
export function replaceControl(text: string, by: string): string {
  let out = '';
  let inRun = false;
  for (const char of text) {
    const control = isControl(char.charCodeAt(0));
    if (!control) out += char;
    else if (!inRun) out += by;
    inRun = control;
  }
  return out;
}

/** What a 422 says of text with a control character it may not have. */
export const plainTextMessages: Record<PlainTextKind, string> = {
  'single-line': 'Must not contain line breaks or control characters.',
  'multi-line': 'Must not contain control characters.',
};
