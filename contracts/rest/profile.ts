// My Profile's calls (SPEC §7 /students/update/{id}, /students/updatetwo/{id}) and the client's choice of
// notifications by mail: the bodies the profile forms send and the preferences they read.
import type { FromSchema } from 'json-schema-to-ts';
import { closed, line, optionalLine, singleLine } from './pieces.js';

// Links must be web addresses: a javascript: or data: URL shown as a link would run in the portal. One typed
// without a scheme gets https:// (the API's web-address.ts).
const profileLink = optionalLine(2048, {
  webAddress: true,
  pattern: '^(https?://\\S+)?$',
  mismatch: 'Enter a web address, like https://example.com.',
});

export const profileDetails = closed(
  {
    first_name: line(100, { minLength: 1 }),
    last_name: line(100, { minLength: 1 }),
    website: profileLink,
    title: optionalLine(200),
    location: optionalLine(200),
    time_zone: optionalLine(64),
    phone_number: optionalLine(40, {
      pattern: '^[0-9+()./ x-]*$',
      mismatch: 'Enter a phone number with digits, spaces and + ( ) . / - x only.',
    }),
    birthday: {
      type: ['string', 'null'],
      ...singleLine,
      mismatch: 'Enter a date as YYYY-MM-DD, or leave it empty.',
      anyOf: [{ type: 'null' }, { format: 'date' }, { maxLength: 0 }],
    },
  },
  ['first_name', 'last_name'],
);

export const socialLinks = closed({ facebook: profileLink, twitter: profileLink, linkedin: profileLink }, []);

export type ProfileDetails = FromSchema<typeof profileDetails>;
export type SocialLinks = FromSchema<typeof socialLinks>;
