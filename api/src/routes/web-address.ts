// Web addresses people type (a profile's website and social links): "acme.com" means https://acme.com, so the
// `webAddress: true` keyword adds the scheme before the pattern checks the value, and the stored link works.
// A value naming another scheme (javascript:, data:, mailto:) is left as it is, for the pattern to refuse.
import type Ajv from 'ajv';

/** A scheme ("javascript:"), told from a host and port ("acme.com:8080") by what follows the colon. */
const scheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

export function webAddressKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'webAddress',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    before: 'pattern',
    validate: (on: boolean, data: string, _schema, ctx) => {
      const text = data.trim();
      if (on && ctx?.parentData && text !== '' && !scheme.test(text))
        (ctx.parentData as Record<string | number, unknown>)[ctx.parentDataProperty] = `https://${text}`;
      return true;
    },
  });
}
