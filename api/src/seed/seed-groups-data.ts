// The demo content of group coaching and the business academy, in words that fit any business: resource types,
// lessons, two groups (a free one with three lessons, a paid one whose first lesson is a free preview) and two
// academy modules. Every link is a real public page (no quiz or worksheet is linked: the demo has none); a
// group's meeting days come from its rule, which also writes its meets_on text (working-days.ts).
import type { MeetingRule } from './working-days.js';

const wiki = 'https://en.wikipedia.org/wiki/';
const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export const resourceTypes = [{ name: 'Reading', owner: 'coach' }] as const;

type ResourceTypeName = (typeof resourceTypes)[number]['name'];

interface DemoLesson {
  slug: string;
  title: string;
  short_desc: string;
  full_desc: string;
  free_lesson?: boolean;
  resources: { type: ResourceTypeName; title: string; url: string }[];
}

export const lessons: DemoLesson[] = [
  {
    slug: 'know-your-numbers',
    title: 'Know your numbers',
    short_desc: 'The five figures every owner should know by heart, and where to find them each week.',
    full_desc:
      p(
        'Before we can grow profit we need to <strong>see</strong> it. This lesson walks through revenue, gross margin, overheads, net profit and cash in the bank.',
        'Bring last quarter’s figures to our meeting.',
      ) +
      '<ul><li>Revenue and gross margin</li><li>Overheads and net profit</li><li>Cash in the bank</li></ul>',
    resources: [
      { type: 'Reading', title: 'The income statement', url: `${wiki}Income_statement` },
      { type: 'Reading', title: 'Gross margin', url: `${wiki}Gross_margin` },
      { type: 'Reading', title: 'Key performance indicators', url: `${wiki}Performance_indicator` },
    ],
  },
  {
    slug: 'pricing-for-profit',
    title: 'Pricing for profit',
    short_desc: 'Why a small price rise beats a big sales push, and how to announce one.',
    full_desc: p(
      'A 5% price rise on a 20% margin business lifts profit by a quarter. We look at value-based pricing, price anchoring and how to tell existing clients.',
      'Bring your current price list to the meeting.',
    ),
    resources: [{ type: 'Reading', title: 'Pricing strategies', url: `${wiki}Pricing_strategies` }],
  },
  {
    slug: 'cash-flow-rhythm',
    title: 'Cash-flow rhythm',
    short_desc: 'A 13-week cash forecast and the weekly habit that keeps it true.',
    full_desc: p(
      'Profit is an opinion, cash is a fact. Build a 13-week forecast, then review it every Monday in fifteen minutes.',
    ),
    resources: [{ type: 'Reading', title: 'Cash flow forecasting', url: `${wiki}Cash_flow_forecasting` }],
  },
  {
    slug: 'hiring-your-first-manager',
    title: 'Hiring your first manager',
    short_desc: 'A free preview of the mastermind: when to hire a manager and what to hand over first.',
    full_desc: p('Signs you are the bottleneck, the scorecard for the role, and the first ninety days.'),
    free_lesson: true,
    resources: [{ type: 'Reading', title: 'Recruitment', url: `${wiki}Recruitment` }],
  },
  {
    slug: 'delegation-that-sticks',
    title: 'Delegation that sticks',
    short_desc: 'Handing over outcomes, not tasks.',
    full_desc: p('The five levels of delegation and a weekly one-to-one that keeps them honest.'),
    resources: [],
  },
  {
    slug: 'setting-a-vision',
    title: 'Setting a vision',
    short_desc: 'A one-page picture of the business three years from now.',
    full_desc: p('Write the vision as if it had already happened: clients, team, revenue, your week.'),
    resources: [{ type: 'Reading', title: 'Vision statements', url: `${wiki}Vision_statement` }],
  },
  {
    slug: 'writing-an-offer',
    title: 'Writing an offer',
    short_desc: 'An offer a client can say yes to in one read.',
    full_desc: p('Who it is for, the result, the proof, the price and the next step.'),
    resources: [],
  },
  {
    slug: 'marketing-on-a-budget',
    title: 'Marketing on a budget',
    short_desc: 'Referrals, partnerships and content that keep working.',
    full_desc: p('Three channels that cost time rather than money, and how to measure each.'),
    resources: [{ type: 'Reading', title: 'Referral marketing', url: `${wiki}Referral_marketing` }],
  },
];

export interface DemoGroup {
  slug: string;
  title: string;
  name: string;
  description: string;
  rule: MeetingRule;
  /** How many times the group meets; a free group meets once per lesson. */
  meetings: number;
  schedule: string;
  group_type: 'free' | 'paid';
  /** In the minor unit of the demo business's currency. */
  price: number;
  /** Its first meeting is the first day of its rule on or after this many days from the seed time. */
  startDays: number;
  lessons: readonly string[];
}

export const groups: DemoGroup[] = [
  {
    slug: 'profit-accelerator',
    title: 'Profit Accelerator',
    name: 'Profit Accelerator cohort',
    description:
      'Three lessons over six weeks with a small group of owners, to lift profit and steady cash flow.',
    rule: { weekday: 2, hour: 15, minute: 0, every: 'fortnight' },
    meetings: 3,
    schedule: 'A lesson a fortnight, each followed by a group meeting.',
    group_type: 'free',
    price: 0,
    startDays: -14,
    lessons: ['know-your-numbers', 'pricing-for-profit', 'cash-flow-rhythm'],
  },
  {
    slug: 'leadership-mastermind',
    title: 'Leadership Mastermind',
    name: 'Leadership Mastermind',
    description: 'Build a team that runs without you: monthly masterminds and hot seats.',
    rule: { weekday: 4, hour: 14, minute: 0, every: 'first-of-month' },
    meetings: 6,
    schedule: 'Monthly, six months.',
    group_type: 'paid',
    price: 49_700,
    startDays: 10,
    lessons: ['hiring-your-first-manager', 'delegation-that-sticks'],
  },
];

export const academyModules = [
  {
    title: 'Foundations',
    description: 'Where the business is going and what it sells.',
    lessons: ['setting-a-vision', 'writing-an-offer'],
  },
  {
    title: 'Growth',
    description: 'Finding clients without a big budget.',
    lessons: ['marketing-on-a-budget'],
  },
] as const;
