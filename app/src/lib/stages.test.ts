import { describe, expect, it } from 'vitest';
import { codeFor, movedMessage, stageOf } from './stages';

describe('status codes and stages (SPEC §4)', () => {
  it('reads action steps as 0 to do, 1 or 2 in progress, anything else completed', () => {
    expect([0, 1, 2, 3, 4, 9, -1].map((code) => stageOf('action-step', code))).toEqual([
      'todo',
      'progress',
      'progress',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('reads commitments and tasks as 0 to do, 1 in progress, anything else completed', () => {
    for (const kind of ['commitment', 'task'] as const) {
      expect([0, 1, 2, 3].map((code) => stageOf(kind, code))).toEqual([
        'todo',
        'progress',
        'completed',
        'completed',
      ]);
    }
  });

  it('writes 1 for in progress, and codes that read back as the stage they were written for', () => {
    expect(codeFor('action-step', 'progress')).toBe(1);
    expect(codeFor('commitment', 'progress')).toBe(1);
    expect(codeFor('action-step', 'completed')).toBe(3);
    expect(codeFor('commitment', 'completed')).toBe(2);
    for (const kind of ['action-step', 'commitment', 'task'] as const) {
      for (const stage of ['todo', 'progress', 'completed'] as const) {
        expect(stageOf(kind, codeFor(kind, stage))).toBe(stage);
      }
    }
  });

  it('confirms a move with SPEC’s sentences', () => {
    expect(movedMessage('action-step', 'progress')).toBe('Action Step is now in In progress stage');
    expect(movedMessage('commitment', 'completed')).toBe('Commitment is now in Completed stage');
    expect(movedMessage('commitment', 'todo')).toBe('Commitment is now in To do stage');
  });
});
