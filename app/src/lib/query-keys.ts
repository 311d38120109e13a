/**
 * Query keys that two features share because one's change makes the other's answer stale: an implementation
 * step put on the action-steps board is a board item, and a board item moved changes its step's stage.
 */
export const ACTION_STEPS_KEY = ['action-steps'] as const;
export const IMPLEMENTATION_KEY = ['implementation'] as const;
