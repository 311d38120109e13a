// Each demo business's intake and session-prep forms: the same shape of coaching questions (goals, team,
// how the week went), with the questions and choices of the client's own trade, so a bakery is asked about
// its ovens and a dental studio about its chairs.
import type { Layout, Question } from '../../../../contracts/forms.js';

export interface DemoForm {
  title: string;
  layout: Layout;
}

export interface DemoForms {
  intake: DemoForm;
  prep: DemoForm;
}

interface Trade {
  /** Questions about the business itself, first in the intake. */
  business: Question[];
  /** The challenges the intake offers as "the biggest one right now". */
  challenges: string[];
  /** What a session could be about, for the prep form. */
  topics: string[];
}

export function demoForms({ business, challenges, topics }: Trade): DemoForms {
  return {
    intake: {
      title: 'Welcome questionnaire',
      layout: {
        sections: [
          { title: 'Your business', questions: business },
          {
            title: 'Your goals',
            questions: [
              {
                id: 'goal',
                kind: 'long_text',
                label: 'What would make the next six months a success?',
                help: 'A sentence or two is plenty; we will sharpen it together.',
                required: true,
              },
              {
                id: 'challenge',
                kind: 'single_choice',
                label: 'Your biggest challenge right now',
                required: true,
                options: challenges,
              },
              { id: 'has_team', kind: 'yes_no', label: 'Do you employ staff?', required: true },
              {
                id: 'team_size',
                kind: 'number',
                label: 'How many people work for you?',
                required: true,
                shown_when: { question: 'has_team', equals: true },
              },
            ],
          },
          {
            title: 'Working together',
            questions: [
              {
                id: 'confidence',
                kind: 'scale',
                label: 'How confident are you about the year ahead?',
                help: '1 is not at all, 10 is completely.',
                required: true,
              },
              { id: 'start', kind: 'date', label: 'When would you like to start?', required: false },
              {
                id: 'contact',
                kind: 'multiple_choice',
                label: 'How may we reach you between sessions?',
                required: false,
                options: ['Portal messages', 'Email', 'Phone'],
              },
            ],
          },
        ],
      },
    },
    prep: {
      title: 'Before our session',
      layout: {
        sections: [
          {
            title: 'Since we last met',
            questions: [
              { id: 'win', kind: 'short_text', label: 'One win since our last session', required: true },
              { id: 'week', kind: 'scale', label: 'How did the last weeks go?', required: true },
              {
                id: 'topics',
                kind: 'multiple_choice',
                label: 'What should we talk about?',
                required: true,
                options: topics,
              },
              { id: 'stuck', kind: 'yes_no', label: 'Is anything blocking you?', required: true },
              {
                id: 'stuck_on',
                kind: 'long_text',
                label: 'What is in the way?',
                required: true,
                shown_when: { question: 'stuck', equals: true },
              },
            ],
          },
        ],
      },
    },
  };
}
