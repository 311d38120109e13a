// What every room does with the training flags of flags.schema.json, written once: their names, the training
// each opens, and the one merge of a flag's layers (a user's own value over the tenant's default over the
// schema's). The API, the app and the CLI import it; a new flag needs nothing here.
import { flagsSchema, type Flags } from './flags.js';

export type { Flags };
export type FlagName = keyof Flags;

const rules = flagsSchema.$defs.flags.properties;

/** The flags, in flags.schema.json's order. */
export const FLAG_NAMES = Object.keys(rules) as FlagName[];

declare const selection: unique symbol;
/** Every flag as the fields of a GraphQL selection: the /gapi Trainings type has a field per flag. */
export type FlagFields = string & { readonly [selection]: true };

/** What a GraphQL document asks of a member's trainings, `trainings { ${FLAG_FIELDS} }`: every flag, by name. */
export const FLAG_FIELDS = FLAG_NAMES.join(' ') as FlagFields;

/** The training a flag opens, as the app and the API name it when it is not part of a plan. */
export const flagTitle = (flag: FlagName): string => rules[flag].title;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every flag, each from the first layer that sets it to true or false, else its default in flags.schema.json.
 * A layer may be anything (a stored JSON column, a parsed file): what is not a boolean is not a setting.
 */
export function fillFlags(...layers: unknown[]): Flags {
  const flags = {} as Flags;
  for (const flag of FLAG_NAMES) {
    const set = layers
      .map((layer) => (isRecord(layer) ? layer[flag] : undefined))
      .find((value): value is boolean => typeof value === 'boolean');
    flags[flag] = set ?? rules[flag].default;
  }
  return flags;
}

/** Every flag on, or every flag off: the demo accounts' plans. */
export const everyFlag = (on: boolean): Flags =>
  fillFlags(Object.fromEntries(FLAG_NAMES.map((f) => [f, on])));
