/**
 * Query keys that two features share because one's change makes the other's answer stale: an implementation
 * step put on the action-steps board is a board item, and a board item moved changes its step's stage; a
 * meeting booked, moved or cancelled changes the schedule.
 */
export const ACTION_STEPS_KEY = ['action-steps'] as const;
export const IMPLEMENTATION_KEY = ['implementation'] as const;
export const SCHEDULE_KEY = ['schedule'] as const;
