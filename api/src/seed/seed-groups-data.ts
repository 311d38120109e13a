// The demo content of group coaching and the business academy: resource types, lessons, two groups (a free
// one with three lessons, a paid one whose first lesson is a free preview) and two academy modules.
const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export const resourceTypes = [
  { name: 'Worksheet', owner: 'coach' },
  { name: 'Reading', owner: 'coach' },
  { name: 'Template', owner: 'company' },
] as const;

type ResourceTypeName = (typeof resourceTypes)[number]['name'];

interface DemoLesson {
  slug: string;
  title: string;
  short_desc: string;
  full_desc: string;
  quiz_url: string | null;
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
        'Fill in the worksheet with last quarter’s figures before our meeting.',
      ) +
      '<ul><li>Revenue and gross margin</li><li>Overheads and net profit</li><li>Cash in the bank</li></ul>',
    quiz_url: 'https://quiz.example.com/know-your-numbers',
    resources: [
      { type: 'Worksheet', title: 'Numbers worksheet', url: 'https://docs.example.com/numbers-worksheet' },
      {
        type: 'Reading',
        title: 'Reading a profit and loss statement',
        url: 'https://docs.example.com/pl-guide',
      },
      { type: 'Template', title: 'Weekly dashboard template', url: 'https://docs.example.com/dashboard' },
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
    quiz_url: 'https://quiz.example.com/pricing-for-profit',
    resources: [
      { type: 'Worksheet', title: 'Price rise calculator', url: 'https://docs.example.com/price-calculator' },
      { type: 'Template', title: 'Price change letter', url: 'https://docs.example.com/price-letter' },
    ],
  },
  {
    slug: 'cash-flow-rhythm',
    title: 'Cash-flow rhythm',
    short_desc: 'A 13-week cash forecast and the weekly habit that keeps it true.',
    full_desc: p(
      'Profit is an opinion, cash is a fact. Build a 13-week forecast, then review it every Monday in fifteen minutes.',
    ),
    quiz_url: null,
    resources: [
      { type: 'Template', title: '13-week cash forecast', url: 'https://docs.example.com/cash-13' },
    ],
  },
  {
    slug: 'hiring-your-first-manager',
    title: 'Hiring your first manager',
    short_desc: 'A free preview of the mastermind: when to hire a manager and what to hand over first.',
    full_desc: p('Signs you are the bottleneck, the scorecard for the role, and the first ninety days.'),
    quiz_url: null,
    free_lesson: true,
    resources: [{ type: 'Worksheet', title: 'Role scorecard', url: 'https://docs.example.com/scorecard' }],
  },
  {
    slug: 'delegation-that-sticks',
    title: 'Delegation that sticks',
    short_desc: 'Handing over outcomes, not tasks.',
    full_desc: p('The five levels of delegation and a weekly one-to-one that keeps them honest.'),
    quiz_url: 'https://quiz.example.com/delegation',
    resources: [],
  },
  {
    slug: 'setting-a-vision',
    title: 'Setting a vision',
    short_desc: 'A one-page picture of the business three years from now.',
    full_desc: p('Write the vision as if it had already happened: clients, team, revenue, your week.'),
    quiz_url: null,
    resources: [{ type: 'Template', title: 'Vision on a page', url: 'https://docs.example.com/vision' }],
  },
  {
    slug: 'writing-an-offer',
    title: 'Writing an offer',
    short_desc: 'An offer a client can say yes to in one read.',
    full_desc: p('Who it is for, the result, the proof, the price and the next step.'),
    quiz_url: 'https://quiz.example.com/offer',
    resources: [],
  },
  {
    slug: 'marketing-on-a-budget',
    title: 'Marketing on a budget',
    short_desc: 'Referrals, partnerships and content that keep working.',
    full_desc: p('Three channels that cost time rather than money, and how to measure each.'),
    quiz_url: null,
    resources: [{ type: 'Reading', title: 'Referral scripts', url: 'https://docs.example.com/referrals' }],
  },
];

export const groups = [
  {
    slug: 'profit-accelerator',
    title: 'Profit Accelerator',
    name: 'Profit Accelerator cohort',
    description: 'Twelve weeks with a small group of owners to lift profit and steady cash flow.',
    meets_on: 'Tuesdays, 6:00 pm',
    schedule: 'A lesson a fortnight, each followed by a group meeting.',
    group_type: 'free',
    price: 0,
    startDays: -14,
    endDays: 70,
    lessons: ['know-your-numbers', 'pricing-for-profit', 'cash-flow-rhythm'],
  },
  {
    slug: 'leadership-mastermind',
    title: 'Leadership Mastermind',
    name: 'Leadership Mastermind',
    description: 'Build a team that runs without you: monthly masterminds and hot seats.',
    meets_on: 'First Thursday of the month, 5:00 pm',
    schedule: 'Monthly, six months.',
    group_type: 'paid',
    price: 49_700,
    startDays: 10,
    endDays: 190,
    lessons: ['hiring-your-first-manager', 'delegation-that-sticks'],
  },
] as const;

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
