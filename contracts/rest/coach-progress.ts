// A coach's group's progress (/api/v1/coach/groups/:id/progress): what the API answers and the type the app's
// Progress page reads.
import type { FromSchema } from 'json-schema-to-ts';
import { list } from './client.js';
import { groupRef } from './coach.js';
import { boolean, closed, integer, string } from './pieces.js';

/** watched, ticked (the lesson steps), checked (the coach's checklist items) and completed, counted. */
const counts = { watched: integer, ticked: integer, checked: integer, completed: integer } as const;

/** One member and one lesson; completed: every step and every checklist item ticked. */
const cell = closed({ watched: boolean, ticked: integer, checked: integer, completed: boolean });

export const groupProgress = closed({
  group: groupRef,
  /** How many steps a lesson has to tick. */
  steps: integer,
  /** checklist: how many items the lesson's checklist has. */
  lessons: list(closed({ lesson: groupRef, checklist: integer, ...counts })),
  /** One row per member; `cells` in the order of `lessons`. */
  members: list(
    closed({
      member: closed({ id: integer, first_name: string, last_name: string }),
      cells: list(cell),
      ...counts,
    }),
  ),
});

export type GroupProgress = FromSchema<typeof groupProgress>;
export type Counts = Omit<GroupProgress['lessons'][number], 'lesson' | 'checklist'>;
export type Cell = FromSchema<typeof cell>;
