// POST lessons/recording/ (a group's meeting recordings) and POST training-analytics/ (a batch of lesson
// analytics, SPEC §7 body { data, user_id }). The user is the token's: a user_id that is not the caller's is
// refused (403) and nothing changes, as GraphQL's member(user_id) is.
import { HttpError } from '../errors.js';
import { FLAG_FIELDS, MAX_CHANGES, TEXT_LIMITS } from '../services/lesson-analytics/analytics-change.js';
import { call, id, list } from '../../../contracts/rest/client.js';
import { lessonAnalytics, recording } from '../../../contracts/rest/lessons.js';
import { clientRoute } from './route.js';
import { boolean, closed, integer, line, multiLine, userId } from '../../../contracts/rest/pieces.js';

export const recordings = clientRoute({
  schema: call(closed({ user_group_id: id }), list(recording)),
  async handle(s, request) {
    return { data: await s.groups.recordings(request.caller, request.body.user_group_id) };
  },
});

const changeBase = {
  id: line(64, { minLength: 1, pattern: '^[\\w-]+$' }),
  lesson_id: id,
  user_group_id: { anyOf: [id, { type: 'null' }] },
  at: { type: 'integer', minimum: 0 },
} as const;

// One shape per kind of field, so a value of the wrong type is refused by the schema.
const change = {
  anyOf: [
    closed({
      ...changeBase,
      field: { enum: FLAG_FIELDS },
      value: boolean,
    }),
    closed({ ...changeBase, field: { const: 'profit_impact' }, value: line(TEXT_LIMITS.profit_impact) }),
    closed({
      ...changeBase,
      field: { const: 'notes' },
      value: { type: 'string', maxLength: TEXT_LIMITS.notes, ...multiLine },
    }),
    // A tick of one of the coach's checklist items.
    closed({ ...changeBase, field: { const: 'checklist' }, item_id: id, value: boolean }),
  ],
} as const;

export const trainingAnalytics = clientRoute({
  schema: call(
    closed({ data: { type: 'array', maxItems: MAX_CHANGES, items: change }, user_id: userId }),
    closed({ applied: integer, ignored: integer, analytics: list(lessonAnalytics) }),
  ),
  async handle(s, request) {
    if (request.body.user_id !== request.caller.userId) throw new HttpError(403, 'Forbidden');
    return { data: await s.analytics.apply(request.caller, request.body.data) };
  },
});
