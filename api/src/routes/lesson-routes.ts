// POST lessons/recording/ (a group's meeting recordings) and POST training-analytics/ (a batch of lesson
// analytics, SPEC §7 body { data, user_id }). The user is the token's: a user_id that is not the caller's is
// refused (403) and nothing changes, as GraphQL's member(user_id) is.
import { HttpError } from '../errors.js';
import { FLAG_FIELDS, MAX_CHANGES, TEXT_LIMITS } from '../services/lesson-analytics/analytics-change.js';
import { call, dateTime, id, list } from '../../../contracts/rest/client.js';
import { clientRoute } from './route.js';
import { closed, line, multiLine, nullableString, userId } from '../../../contracts/rest/pieces.js';

const recording = closed({
  id: { type: 'integer' },
  lesson_id: { type: ['integer', 'null'] },
  title: { type: 'string' },
  recording_url: { type: 'string' },
  duration_minutes: { type: 'integer' },
  recorded_at: dateTime,
});

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
      value: { type: 'boolean' },
    }),
    closed({ ...changeBase, field: { const: 'profit_impact' }, value: line(TEXT_LIMITS.profit_impact) }),
    closed({
      ...changeBase,
      field: { const: 'notes' },
      value: { type: 'string', maxLength: TEXT_LIMITS.notes, ...multiLine },
    }),
    // A tick of one of the coach's checklist items.
    closed({ ...changeBase, field: { const: 'checklist' }, item_id: id, value: { type: 'boolean' } }),
  ],
} as const;

const analytics = closed({
  lesson_id: { type: 'integer' },
  user_group_id: { type: ['integer', 'null'] },
  profit_impact: { type: 'string' },
  pre_meeting: { type: 'boolean' },
  attend_meeting: { type: 'boolean' },
  meeting_worksheet: { type: 'boolean' },
  taken_quiz: { type: 'boolean' },
  post_meeting: { type: 'boolean' },
  notes: { type: 'string' },
  updated_at: nullableString,
});

export const trainingAnalytics = clientRoute({
  schema: call(
    closed({ data: { type: 'array', maxItems: MAX_CHANGES, items: change }, user_id: userId }),
    closed({ applied: { type: 'integer' }, ignored: { type: 'integer' }, analytics: list(analytics) }),
  ),
  async handle(s, request) {
    if (request.body.user_id !== request.caller.userId) throw new HttpError(403, 'Forbidden');
    return { data: await s.analytics.apply(request.caller, request.body.data) };
  },
});
