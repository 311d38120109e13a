import { describe, expect, it } from 'vitest';
import { layoutProblems, questionsOf } from '../../../../../contracts/forms';
import type { Question } from '../../../../../contracts/forms';
import {
  addQuestion,
  addSection,
  changeQuestion,
  conditionChoices,
  emptyDraft,
  layoutFields,
  layoutOf,
  moveQuestion,
  problemsOf,
  removeQuestion,
  removeSection,
  setCondition,
  type Draft,
} from './builder-state';

const ids = (draft: Draft) => draft.sections.map((s) => s.questions.map((q) => q.id));

/** Two sections: q1 (yes/no), q2 (single choice) in the first, q3 (short text) in the second. */
function twoSections(): Draft {
  let draft = addQuestion(emptyDraft(), 0, 'yes_no');
  draft = addQuestion(draft, 0, 'single_choice');
  draft = addSection(draft);
  draft = addQuestion(draft, 1, 'short_text');
  draft = changeQuestion(draft, 'q1', { label: 'Do you smoke?' });
  draft = changeQuestion(draft, 'q3', { label: 'Which brand?' });
  return changeQuestion(draft, 'q2', { label: 'Morning or evening?', options: ['Morning', ' Evening '] });
}

describe('the form builder’s state', () => {
  it('adds questions with ids of their own, a choice with two empty options to fill', () => {
    const draft = twoSections();
    expect(ids(draft)).toEqual([['q1', 'q2'], ['q3']]);
    expect(addQuestion(emptyDraft(), 0, 'multiple_choice').sections[0]!.questions[0]).toEqual({
      id: 'q1',
      kind: 'multiple_choice',
      label: '',
      required: false,
      options: ['', ''],
    });
    // A removed question's id is not given again: answers are keyed by it.
    const removed = removeQuestion(draft, 'q2');
    expect(questionsOf(addQuestion(removed, 0, 'date')).map((q) => q.id)).toEqual(['q1', 'q4', 'q3']);
  });

  it('moves a question up and down, and across a section’s edge into the next', () => {
    const draft = twoSections();
    expect(ids(moveQuestion(draft, 'q2', -1))).toEqual([['q2', 'q1'], ['q3']]);
    expect(ids(moveQuestion(draft, 'q2', 1))).toEqual([['q1'], ['q2', 'q3']]);
    expect(ids(moveQuestion(draft, 'q3', -1))).toEqual([['q1', 'q2', 'q3'], []]);
    // At the very top or bottom nothing moves.
    expect(moveQuestion(draft, 'q1', -1)).toBe(draft);
    expect(moveQuestion(draft, 'q3', 1)).toBe(draft);
    // The draft it was made from is left as it was.
    expect(ids(draft)).toEqual([['q1', 'q2'], ['q3']]);
  });

  it('removes a question, and a section whose questions join its neighbour', () => {
    const draft = twoSections();
    expect(ids(removeQuestion(draft, 'q1'))).toEqual([['q2'], ['q3']]);
    expect(ids(removeSection(draft, 1))).toEqual([['q1', 'q2', 'q3']]);
    expect(ids(removeSection(draft, 0))).toEqual([['q1', 'q2', 'q3']]);
    const one = emptyDraft();
    expect(removeSection(one, 0)).toBe(one);
  });

  it('offers conditions on the earlier yes/no and single-choice questions only, with their answers', () => {
    const draft = twoSections();
    const choices = conditionChoices(draft, 'q3');
    expect(choices.map((c) => [c.question.id, c.answers.map((a) => a.value)])).toEqual([
      ['q1', [true, false]],
      ['q2', ['Morning', 'Evening']],
    ]);
    expect(conditionChoices(draft, 'q1')).toEqual([]);
    const shown = setCondition(draft, 'q3', { question: 'q1', equals: true });
    expect(questionsOf(shown)[2]!.shown_when).toEqual({ question: 'q1', equals: true });
    expect(layoutProblems(layoutOf(shown))).toEqual({});
    expect('shown_when' in questionsOf(setCondition(shown, 'q3', undefined))[2]!).toBe(false);
  });

  it('keeps a condition a move has made wrong, for layoutProblems to name at its question', () => {
    const draft = moveQuestion(
      moveQuestion(setCondition(twoSections(), 'q3', { question: 'q1', equals: true }), 'q3', -1),
      'q3',
      -1,
    );
    const moved = moveQuestion(draft, 'q3', -1);
    expect(questionsOf(moved).map((q) => q.id)).toEqual(['q3', 'q1', 'q2']);
    expect(questionsOf(moved)[0]!.shown_when).toEqual({ question: 'q1', equals: true });
    const problems = problemsOf(moved, layoutProblems(layoutOf(moved)));
    expect(problems.questions).toEqual({
      q3: ['Show it on a yes/no or single-choice answer of an earlier question.'],
    });
  });

  it('changes a kind: a choice gets options, another kind loses them, a metric stays', () => {
    const withMetric: Draft = {
      title: 'Weekly',
      sections: [
        {
          title: '',
          questions: [{ id: 'weight', kind: 'number', label: 'Weight', required: true, metric_id: 7 }],
        },
      ],
    };
    const relabelled = changeQuestion(withMetric, 'weight', { label: 'Your weight', required: false });
    expect(questionsOf(relabelled)[0]).toEqual({
      id: 'weight',
      kind: 'number',
      label: 'Your weight',
      required: false,
      metric_id: 7,
    });
    const choice = changeQuestion(relabelled, 'weight', { kind: 'single_choice' });
    expect(questionsOf(choice)[0]).toMatchObject({ options: ['', ''], metric_id: 7 });
    const back = changeQuestion(choice, 'weight', { kind: 'number' });
    expect(questionsOf(back)[0]).toEqual(questionsOf(relabelled)[0]);
    expect(layoutOf(back).sections[0]!.questions[0]!.metric_id).toBe(7);
  });

  it('saves trimmed words, no empty options and no empty help', () => {
    let draft = addQuestion(emptyDraft(), 0, 'single_choice');
    draft = changeQuestion(draft, 'q1', { label: ' Pick ', help: '  ', options: [' A ', '', 'B'] });
    expect(layoutOf(draft).sections[0]!.questions[0] as Question).toEqual({
      id: 'q1',
      kind: 'single_choice',
      label: 'Pick',
      required: false,
      options: ['A', 'B'],
    });
  });

  it('puts the app’s and the API’s problems beside their question, section or the form', () => {
    const draft = twoSections();
    const problems = problemsOf(draft, {
      'questions.2.label': ['Write the question.'],
      'layout.questions.0.label': ['Write the question.'],
      'layout.sections.0.questions.1.options.0': ['Enter at most 200 characters.'],
      'layout.sections.1.title': ['Enter at most 200 characters.'],
      layout: ['Add at least one question.'],
      title: ['This field is required.'],
    });
    expect(problems).toEqual({
      form: ['Add at least one question.'],
      title: 'This field is required.',
      questions: {
        q1: ['Write the question.'],
        q2: ['Enter at most 200 characters.'],
        q3: ['Write the question.'],
      },
      sections: { 1: ['Enter at most 200 characters.'] },
    });
    // Each of those is a field the save's request names, so the error toast does not say it again.
    const fields = layoutFields(layoutOf(draft));
    for (const at of [
      'layout.questions.0.label',
      'layout.sections.0.questions.1.options.0',
      'layout.sections.1.title',
      'layout.questions.2.shown_when',
      'title',
      'layout',
    ])
      expect(fields).toContain(at);
  });
});
