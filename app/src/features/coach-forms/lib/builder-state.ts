/**
 * The form builder's state as plain functions of it: a form being built is its title and its sections of
 * questions (contracts/forms.ts's layout, as typed so far), and every change (add, change, move, remove, a
 * condition) makes the next one. Nothing here drops what was typed: a question's metric_id, a condition that a
 * change has made wrong, options left empty are kept, and layoutProblems names them beside their question.
 */
import { questionsOf } from '../../../../../contracts/forms';
import type { Condition, Layout, Question, QuestionKind, Section } from '../../../../../contracts/forms';

export interface Draft {
  title: string;
  sections: Section[];
}

export const KIND_NAMES: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  scale: 'Scale of 1 to 10',
  date: 'Date',
  number: 'Number',
  yes_no: 'Yes or no',
};

const isChoice = (kind: QuestionKind) => kind === 'single_choice' || kind === 'multiple_choice';

export const emptyDraft = (): Draft => ({ title: '', sections: [{ title: '', questions: [] }] });

/** A new question's id: q1, q2, ... past every id the form has (ids key the answers, so never reused). */
function nextId(draft: Draft): string {
  const taken = new Set(questionsOf(draft).map((q) => q.id));
  let n = taken.size + 1;
  while (taken.has(`q${n}`)) n += 1;
  return `q${n}`;
}

const mapQuestions = (draft: Draft, change: (q: Question) => Question): Draft => ({
  ...draft,
  sections: draft.sections.map((s) => ({ ...s, questions: s.questions.map(change) })),
});

/** Adds a question of a kind at the end of a section; a choice starts with two empty options to fill. */
export function addQuestion(draft: Draft, section: number, kind: QuestionKind): Draft {
  const question: Question = {
    id: nextId(draft),
    kind,
    label: '',
    required: false,
    ...(isChoice(kind) ? { options: ['', ''] } : {}),
  };
  return {
    ...draft,
    sections: draft.sections.map((s, i) =>
      i === section ? { ...s, questions: [...s.questions, question] } : s,
    ),
  };
}

/**
 * Changes a question's fields. A new kind brings options when it is a choice (keeping any it had) and loses
 * them when it is not; its metric_id stays whatever the kind (layoutProblems says when it no longer fits).
 */
export function changeQuestion(draft: Draft, id: string, change: Partial<Omit<Question, 'id'>>): Draft {
  return mapQuestions(draft, (q) => {
    if (q.id !== id) return q;
    const next: Question = { ...q, ...change };
    if (change.kind !== undefined && change.kind !== q.kind) {
      if (isChoice(change.kind)) next.options = q.options ?? ['', ''];
      else delete next.options;
    }
    return next;
  });
}

/** Sets or clears (undefined) when a question is shown. */
export function setCondition(draft: Draft, id: string, condition: Condition | undefined): Draft {
  return mapQuestions(draft, (q) => {
    if (q.id !== id) return q;
    const { shown_when: _, ...rest } = q;
    return condition ? { ...rest, shown_when: condition } : rest;
  });
}

/**
 * Moves a question one place up (-1) or down (1). Past the top or bottom of its section it goes into the
 * neighbouring section (at its end or start), so any order of questions and sections can be reached by buttons.
 */
export function moveQuestion(draft: Draft, id: string, by: -1 | 1): Draft {
  const s = draft.sections.findIndex((section) => section.questions.some((q) => q.id === id));
  const section = draft.sections[s];
  const question = section?.questions.find((q) => q.id === id);
  if (!section || !question) return draft;
  const to = section.questions.indexOf(question) + by;
  const rest = section.questions.filter((q) => q !== question);
  const sections = [...draft.sections];
  if (to >= 0 && to < section.questions.length) {
    sections[s] = { ...section, questions: [...rest.slice(0, to), question, ...rest.slice(to)] };
    return { ...draft, sections };
  }
  const neighbour = sections[s + by];
  if (!neighbour) return draft;
  sections[s] = { ...section, questions: rest };
  sections[s + by] = {
    ...neighbour,
    questions: by < 0 ? [...neighbour.questions, question] : [question, ...neighbour.questions],
  };
  return { ...draft, sections };
}

/** Removes a question; a condition on it stays with its question (layoutProblems then asks to fix it). */
export function removeQuestion(draft: Draft, id: string): Draft {
  return {
    ...draft,
    sections: draft.sections.map((s) => ({ ...s, questions: s.questions.filter((q) => q.id !== id) })),
  };
}

export const addSection = (draft: Draft): Draft => ({
  ...draft,
  sections: [...draft.sections, { title: '', questions: [] }],
});

export const renameSection = (draft: Draft, section: number, title: string): Draft => ({
  ...draft,
  sections: draft.sections.map((s, i) => (i === section ? { ...s, title } : s)),
});

/** Removes a section (never the only one); its questions join the section above it (the first: below it). */
export function removeSection(draft: Draft, section: number): Draft {
  if (draft.sections.length < 2) return draft;
  const into = section === 0 ? 1 : section - 1;
  const moved = draft.sections[section]?.questions ?? [];
  const sections = draft.sections.map((s, i) =>
    i !== into
      ? s
      : { ...s, questions: into < section ? [...s.questions, ...moved] : [...moved, ...s.questions] },
  );
  return { ...draft, sections: sections.filter((_, i) => i !== section) };
}

export interface ConditionChoice {
  question: Question;
  answers: { label: string; value: string | boolean }[];
}

/** The questions before this one that it may be shown on: yes/no and single choice, with their answers. */
export function conditionChoices(draft: Draft, id: string): ConditionChoice[] {
  const all = questionsOf(draft);
  const before = all.slice(
    0,
    all.findIndex((q) => q.id === id),
  );
  return before.flatMap((question): ConditionChoice[] => {
    if (question.kind === 'yes_no')
      return [
        {
          question,
          answers: [
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ],
        },
      ];
    if (question.kind === 'single_choice')
      return [
        {
          question,
          answers: (question.options ?? [])
            .filter((o) => o.trim() !== '')
            .map((o) => ({ label: o.trim(), value: o.trim() })),
        },
      ];
    return [];
  });
}

/**
 * The layout to save: option and text edges trimmed, empty options and empty help left out. Everything else
 * goes as it is, metric_id included.
 */
export function layoutOf(draft: Draft): Layout {
  return {
    sections: draft.sections.map((s) => ({
      title: s.title.trim(),
      questions: s.questions.map((q) => {
        const { help, options, ...rest } = q;
        return {
          ...rest,
          label: q.label.trim(),
          ...(help?.trim() ? { help: help.trim() } : {}),
          ...(options ? { options: options.map((o) => o.trim()).filter((o) => o !== '') } : {}),
        };
      }),
    })),
  };
}

export interface Problems {
  /** The form's own: its title, or the whole layout ("Add at least one question"). */
  form: string[];
  title?: string;
  /** Per question id, every sentence about it. */
  questions: Record<string, string[]>;
  sections: Record<number, string[]>;
}

/**
 * layoutProblems' (`questions.3.options`, in the form's order of questions) and the API's 422
 * (`layout.questions.3.options`, or the schema's `layout.sections.0.questions.2.label`, `title`), each put
 * beside its question, its section, or at the top of the form.
 */
export function problemsOf(draft: Draft, found: Record<string, string[] | string | undefined>): Problems {
  const problems: Problems = { form: [], questions: {}, sections: {} };
  const all = questionsOf(draft);
  for (const [at, said] of Object.entries(found)) {
    if (said === undefined) continue;
    const list = Array.isArray(said) ? said : [said];
    const path = at.replace(/^layout\./, '');
    const flat = /^questions\.(\d+)/.exec(path);
    const nested = /^sections\.(\d+)\.questions\.(\d+)/.exec(path);
    const section = /^sections\.(\d+)/.exec(path);
    const question = flat
      ? all[Number(flat[1])]
      : nested
        ? draft.sections[Number(nested[1])]?.questions[Number(nested[2])]
        : undefined;
    if (question) (problems.questions[question.id] ??= []).push(...list);
    else if (section && !nested) (problems.sections[Number(section[1])] ??= []).push(...list);
    else if (path === 'title') problems.title = list.join(' ');
    else problems.form.push(...list);
  }
  return problems;
}

export const hasProblems = (p: Problems) =>
  p.form.length > 0 ||
  p.title !== undefined ||
  Object.keys(p.questions).length > 0 ||
  Object.keys(p.sections).length > 0;

const QUESTION_FIELDS = [
  '',
  '.id',
  '.kind',
  '.label',
  '.help',
  '.required',
  '.options',
  '.metric_id',
  '.shown_when',
];

/**
 * Every field of a layout the API's 422 may name (layoutProblems' flat `layout.questions.3.label` and the
 * schema's `layout.sections.0.questions.2.label`), for the request's `fields`: the builder shows each beside
 * its question, so the error toast says none of them again.
 */
export function layoutFields(layout: Layout): string[] {
  const fields = ['title', 'layout', 'layout.sections'];
  let flat = 0;
  layout.sections.forEach((section, s) => {
    const at = `layout.sections.${s}`;
    fields.push(at, `${at}.title`, `${at}.questions`);
    section.questions.forEach((q, i) => {
      const nested = `${at}.questions.${i}`;
      for (const field of QUESTION_FIELDS)
        fields.push(`layout.questions.${flat}${field}`, `${nested}${field}`);
      fields.push(`${nested}.shown_when.question`, `${nested}.shown_when.equals`);
      (q.options ?? []).forEach((_, o) => fields.push(`${nested}.options.${o}`));
      flat += 1;
    });
  });
  return fields;
}
