// Which changes of a batch a field keeps (lesson and flash-coaching analytics): a field holds the mark (client
// time, and the client's id of the change where there is one) of the change that set it. A change is applied
// only if it is newer than that mark: a later time, or the same time and a greater id. So the change that set
// the field, sent again (a replayed batch), is ignored and counted as such, an older one never undoes a newer
// value, and two changes of the same millisecond end the same whichever arrives first.

interface Mark {
  /** The client's time of the change (epoch ms), at most the server's time when it was applied. */
  at: number;
  /** The client's id of the change; '' where changes carry none (flash coaching, rows from before ids). */
  id: string;
}

interface TimedChange {
  field: string;
  at: number;
  id?: string;
}

/**
 * Whether `mark` is newer than the field's `held` one. Within one batch, changes come sorted by the client's own
 * times, so a later one of the same (clamped) millisecond is newer unless it is the very same change again.
 */
const newer = (mark: Mark, held: Mark | undefined, heldFromThisBatch: boolean) =>
  !held ||
  mark.at > held.at ||
  (mark.at === held.at && mark.id !== held.id && (heldFromThisBatch || mark.id > held.id));

/**
 * The changes to apply, oldest first (of two changes of one field the later in that list wins), and the marks
 * to store. A client clock ahead of the server counts as `now`, so it cannot lock a field against later changes.
 */
export function newestWins<C extends TimedChange>(changes: C[], stored: Record<string, Mark>, now: number) {
  const marks = { ...stored };
  const applied: C[] = [];
  const setHere = new Set<string>();
  const id = (change: C) => change.id ?? '';
  const ordered = [...changes].sort((a, b) => a.at - b.at || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
  for (const change of ordered) {
    const mark = { at: Math.min(change.at, now), id: id(change) };
    if (!newer(mark, marks[change.field], setHere.has(change.field))) continue;
    marks[change.field] = mark;
    setHere.add(change.field);
    applied.push(change);
  }
  return { applied, marks };
}

/** The stored per-field times and ids (two jsonb columns) as marks, and back. */
export function toMarks(
  times: Record<string, number>,
  ids: Record<string, string> = {},
): Record<string, Mark> {
  return Object.fromEntries(
    Object.entries(times).map(([field, at]) => [field, { at, id: ids[field] ?? '' }]),
  );
}

export function fromMarks(marks: Record<string, Mark>) {
  const entries = Object.entries(marks);
  return {
    times: Object.fromEntries(entries.map(([field, mark]) => [field, mark.at])),
    ids: Object.fromEntries(entries.map(([field, mark]) => [field, mark.id])),
  };
}
