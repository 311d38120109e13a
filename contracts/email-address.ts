/**
 * The one rule for a person's email address, whichever door it comes through (the admin's form, the CSV import,
 * the integration API, an invitation, a change of address): one address, no list (`victim,attacker@…` would be
 * mailed to both); no invisible or direction-changing character (a zero-width space makes a look-alike of
 * someone else's address); stored normalised, so one address is one person.
 */

/** What the rule answers: the address as it is stored, or the sentence that says what is wrong. */
export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

// Unicode's format characters (zero-width spaces and joiners, bidirectional marks and overrides, the soft
// hyphen, the BOM), controls, line separators and every other default-ignorable character (variation
// selectors, Hangul fillers): none of them shows on a screen.
const invisible = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// What separates addresses in a list, or marks an address up as a display name: one address has none of it.
const listLike = /[\s,;<>()[\]"\\:]/u;
// The local part as an HTML email input accepts it (WHATWG), then one domain of letters, digits and hyphens.
const localPart = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address as every lookup compares it: trimmed, composed (NFC) and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase();

export function checkEmail(raw: string): EmailCheck {
  const email = normalizeEmail(raw);
  if (!email) return { ok: false, message: 'Enter the email address.' };
  if (invisible.test(email))
    return {
      ok: false,
      message: 'This address holds an invisible or direction-changing character: type it again.',
    };
  if (listLike.test(email) || email.split('@').length > 2)
    return { ok: false, message: 'Enter one email address, without spaces, commas or a name.' };
  const [local = '', domain = ''] = email.split('@');
  const labels = domain.split('.');
  const valid =
    localPart.test(local) &&
    labels.length >= 2 &&
    labels.every((part) => label.test(part)) &&
    email.length <= 254;
  return valid ? { ok: true, email } : { ok: false, message: 'Enter a valid email address.' };
}
