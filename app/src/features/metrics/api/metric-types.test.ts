// The metrics list screen's types are the API's answer schema (contracts/rest/metrics.ts): a field the schema
// does not have is a type error in the screen (checked by `npm run typecheck`, which reads this file).
import { describe, expectTypeOf, it } from 'vitest';
import type { FromSchema } from 'json-schema-to-ts';
import type { metric } from '../../../../../contracts/rest/metrics';
import type { Metric } from './get-metrics';

describe('the metrics list types', () => {
  it('are the answer schema: its fields, no others, the direction as its enum', () => {
    expectTypeOf<Metric>().toEqualTypeOf<FromSchema<typeof metric>>();
    expectTypeOf<Metric>().toHaveProperty('values');
    expectTypeOf<Metric>().not.toHaveProperty('colour');
    expectTypeOf<Metric['direction']>().toEqualTypeOf<'up' | 'down'>();
    expectTypeOf<Metric['target']>().toEqualTypeOf<number | null>();
    // @ts-expect-error: the API answers no `trend`, so the screen cannot read one.
    expectTypeOf<Metric['trend']>().toBeNever();
  });
});
