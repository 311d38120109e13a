// The assessments a coach makes for one of their clients (/api/v1/coach/clients/:id/assessments/…): what the API
// checks and answers, and the types the app's assessment page sends and reads.
import type { FromSchema } from 'json-schema-to-ts';
import { list, text } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, singleLine, string } from './pieces.js';

const amount = { type: 'integer', minimum: 0, maximum: 2_000_000_000 } as const;
/** An analysis line's fields as the coach types them; amounts in whole units of the assessment's currency. */
export const areaFields = {
  name: text(200),
  score: { type: 'integer', minimum: 0, maximum: 10 },
  current_amount: amount,
  potential_amount: amount,
  focus_rank: { type: ['integer', 'null'], minimum: 1, maximum: 100 },
  goal: { type: 'string', maxLength: 2000, ...multiLine },
} as const;
export const day = { type: 'string', format: 'date', ...singleLine } as const;

/** The coach's assessment page: the assessment, its analysis lines with their steps, the currencies to pick. */
export const assessmentPage = closed({
  assessment: closed({
    id: integer,
    title: string,
    assessed_on: string,
    currency_id: integer,
    currency: string,
  }),
  areas: list(
    closed({
      id: integer,
      name: string,
      score: integer,
      current_amount: integer,
      potential_amount: integer,
      focus_rank: { type: ['integer', 'null'] },
      goal: string,
      steps: list(
        closed({
          id: integer,
          title: string,
          description: string,
          due_date: nullableString,
          on_board: boolean,
        }),
      ),
    }),
  ),
  currencies: list(closed({ id: integer, code: string, name: string })),
});

/** A new analysis line: every field. */
export const areaInput = closed(areaFields);

/** focus_rank: 1 first; null for an analysis line that is not a focus area. */
export type AreaFields = FromSchema<typeof areaInput>;
export type AssessmentPage = FromSchema<typeof assessmentPage>;
export type Area = AssessmentPage['areas'][number];
