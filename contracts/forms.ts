// A form's questions, the JSON Schema of its answers, and the one check of a person's answers that the app (as
// they type) and the API (on save and submit) both run, so the two can never disagree on what is required or
// which questions are shown. A form version keeps its layout (sections, order, help text, conditions) and the
// schema built from it; the check works from the layout, and the API also runs ajv on the stored schema
// (api/src/services/forms). The app cannot run ajv itself: ajv compiles to code with `new Function`, which the
// portal's Content-Security-Policy forbids, so the check below reads the same few keywords by hand.

export const questionKinds = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'scale',
  'date',
  'number',
  'yes_no',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** "Shown when <question> = <answer>": a yes/no answer is true or false, a choice its option's text. */
export interface Condition {
  question: string;
  equals: string | boolean;
}

export interface Question {
  /** Stable within a form across versions: answers are keyed by it. */
  id: string;
  kind: QuestionKind;
  label: string;
  help?: string;
  required: boolean;
  /** The choices of a single or multiple choice question. */
  options?: string[];
  shown_when?: Condition;
  /** A number question whose answer, on submit, becomes a month's value of this metric of the client's. */
  metric_id?: number;
}

export interface Section {
  title: string;
  questions: Question[];
}

export interface Layout {
  sections: Section[];
}

export type Answer = string | number | boolean | string[];
export type Answers = Record<string, Answer>;

export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;
/** Bounds of a form, so one form cannot grow a row without end. */
export const MAX_QUESTIONS = 100;
export const MAX_OPTIONS = 30;

const datePattern = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

/** The JSON Schema of one question's answer. */
function answerSchema(q: Question): Record<string, unknown> {
  switch (q.kind) {
    case 'short_text':
      return { type: 'string', maxLength: SHORT_TEXT_MAX };
    case 'long_text':
      return { type: 'string', maxLength: LONG_TEXT_MAX };
    case 'single_choice':
      return { type: 'string', enum: q.options ?? [] };
    case 'multiple_choice':
      return { type: 'array', items: { type: 'string', enum: q.options ?? [] }, uniqueItems: true };
    case 'scale':
      return { type: 'integer', minimum: 1, maximum: 10 };
    case 'date':
      return { type: 'string', pattern: datePattern };
    case 'number':
      return { type: 'number' };
    case 'yes_no':
      return { type: 'boolean' };
  }
}

export const questionsOf = (layout: Layout): Question[] => layout.sections.flatMap((s) => s.questions);

/**
 * The JSON Schema (2020-12) of a submitted form's answers: each question's type, the required questions that are
 * always shown, and per conditional required question an if/then. A hidden question's answer is dropped before
 * the check (checkAnswers), so the schema need not forbid it.
 */
export function answersSchema(layout: Layout): Record<string, unknown> {
  const questions = questionsOf(layout);
  const required = questions.filter((q) => q.required && !q.shown_when).map((q) => q.id);
  const conditional = questions
    .filter((q) => q.required && q.shown_when)
    .map((q) => ({
      if: {
        properties: { [q.shown_when!.question]: { const: q.shown_when!.equals } },
        required: [q.shown_when!.question],
      },
      then: { required: [q.id] },
    }));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(questions.map((q) => [q.id, answerSchema(q)])),
    required,
    ...(conditional.length > 0 ? { allOf: conditional } : {}),
  };
}

/** Whether a question is shown, given the answers so far (a condition on a hidden question is false). */
export function isShown(layout: Layout, id: string, answers: Answers): boolean {
  const byId = new Map(questionsOf(layout).map((q) => [q.id, q]));
  const seen = new Set<string>();
  let q = byId.get(id);
  while (q?.shown_when) {
    if (seen.has(q.id)) return false;
    seen.add(q.id);
    const { question, equals } = q.shown_when;
    if (answers[question] !== equals) return false;
    q = byId.get(question);
  }
  return q !== undefined;
}

const isEmpty = (value: Answer | undefined) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** What is wrong with one answer of this question, said to the person filling the form; undefined if nothing. */
function answerProblem(q: Question, value: Answer): string | undefined {
  switch (q.kind) {
    case 'short_text':
    case 'long_text': {
      const max = q.kind === 'short_text' ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      if (typeof value !== 'string') return 'Enter text.';
      return value.length > max ? `Enter at most ${max} characters.` : undefined;
    }
    case 'single_choice':
      return typeof value === 'string' && (q.options ?? []).includes(value)
        ? undefined
        : 'Choose one of the options.';
    case 'multiple_choice':
      return Array.isArray(value) &&
        value.every((v) => (q.options ?? []).includes(v)) &&
        new Set(value).size === value.length
        ? undefined
        : 'Choose from the options, each once.';
    case 'scale':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 10
        ? undefined
        : 'Choose a number from 1 to 10.';
    case 'date':
      return typeof value === 'string' && new RegExp(datePattern).test(value) && isRealDay(value)
        ? undefined
        : 'Enter a date as YYYY-MM-DD.';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Enter a number.';
    case 'yes_no':
      return typeof value === 'boolean' ? undefined : 'Choose yes or no.';
  }
}

/** 2027-02-30 matches the pattern but is no day. */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

export interface Checked {
  /** The answers kept: those of shown questions, less empty ones. */
  answers: Answers;
  /** Per question id, what to fix (empty when the answers may be saved or submitted). */
  errors: Record<string, string[]>;
}

/**
 * Checks answers against a form's layout. A draft (`submit` false) may leave required questions empty; a
 * submission may not leave a shown required one empty. Answers to hidden questions, empty answers and answers to
 * questions the form does not have are dropped, never refused: a person who changed an earlier answer should not
 * be stopped by what they typed into a question that has since been hidden.
 */
export function checkAnswers(layout: Layout, answers: Answers, submit: boolean): Checked {
  const kept: Answers = {};
  const errors: Record<string, string[]> = {};
  for (const q of questionsOf(layout)) {
    if (!isShown(layout, q.id, answers)) continue;
    const value = answers[q.id];
    if (isEmpty(value)) {
      if (submit && q.required) errors[q.id] = ['Answer this question.'];
      continue;
    }
    const problem = answerProblem(q, value!);
    if (problem) errors[q.id] = [problem];
    else kept[q.id] = typeof value === 'string' && q.kind !== 'long_text' ? value.trim() : value!;
  }
  return { answers: kept, errors };
}

/** What is wrong with a layout a coach built, keyed by where (`questions.3.options`); empty when it is sound. */
export function layoutProblems(layout: Layout): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (at: string, text: string) => (problems[at] ??= []).push(text);
  const questions = questionsOf(layout);
  if (questions.length === 0) add('layout', 'Add at least one question.');
  if (questions.length > MAX_QUESTIONS) add('layout', `A form has at most ${MAX_QUESTIONS} questions.`);
  const before = new Map<string, Question>();
  questions.forEach((q, i) => {
    const at = `questions.${i}`;
    if (before.has(q.id)) add(`${at}.id`, 'Each question needs its own id.');
    if (q.label.trim() === '') add(`${at}.label`, 'Write the question.');
    const choice = q.kind === 'single_choice' || q.kind === 'multiple_choice';
    const options = q.options ?? [];
    if (choice && options.filter((o) => o.trim() !== '').length < 2)
      add(`${at}.options`, 'Give at least two options.');
    if (choice && new Set(options).size !== options.length) add(`${at}.options`, 'Give each option once.');
    if (options.length > MAX_OPTIONS) add(`${at}.options`, `Give at most ${MAX_OPTIONS} options.`);
    if (!choice && q.options !== undefined) add(`${at}.options`, 'Only a choice question has options.');
    if (q.metric_id !== undefined && q.kind !== 'number')
      add(`${at}.metric_id`, 'Only a number answer can be recorded to a metric.');
    if (q.shown_when) {
      const on = before.get(q.shown_when.question);
      const fits =
        on !== undefined &&
        (on.kind === 'yes_no'
          ? typeof q.shown_when.equals === 'boolean'
          : on.kind === 'single_choice' && (on.options ?? []).includes(String(q.shown_when.equals)));
      if (!fits)
        add(`${at}.shown_when`, 'Show it on a yes/no or single-choice answer of an earlier question.');
    }
    before.set(q.id, q);
  });
  return problems;
}
