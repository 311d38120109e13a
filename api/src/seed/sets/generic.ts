// The demo data of a tenant the seed has no business of its own for (one made by `portal init`): a small
// consultancy in New York whose owner works with a business coach, in words that fit any coaching portal.
import { sbaHiringGuide } from './demo-set.js';
import type { DemoSet } from './demo-set.js';
import { demoForms } from './demo-forms.js';

export const generic: DemoSet = {
  currency: 'USD',
  timeZone: 'America/New_York',
  company: { name: 'Northgate Consulting', industry: 'Professional services' },
  offerings: {
    packages: [
      {
        title: 'Starter: 3 coaching sessions',
        description: 'Three sessions to set goals and a first plan for the quarter.',
        sessions: 3,
        validMonths: 3,
        price: 450,
      },
      {
        title: 'Momentum: 6 coaching sessions',
        description: 'Six sessions over six months to keep the plan moving.',
        sessions: 6,
        validMonths: 6,
        price: 840,
      },
    ],
    subscription: {
      title: 'Monthly coaching session',
      description: 'One coaching session a month.',
      sessions: 1,
      price: 160,
    },
  },
  coach: {
    first_name: 'Jordan',
    last_name: 'Ellis',
    title: 'Business Coach',
    phone_number: '+1 212 555 0134',
    location: 'New York, NY',
  },
  coachProfile: {
    bio: 'Jordan ran a twenty-person agency for ten years before coaching owners of small service businesses. Sessions are practical: clear numbers, a few priorities and the habits that keep them.',
    specialties: 'Strategy, cash flow, leading a small team',
    certifications: 'ICF Professional Certified Coach (PCC)',
    years_experience: 9,
  },
  client: {
    first_name: 'Alex',
    last_name: 'Morgan',
    title: 'Founder',
    location: 'Brooklyn, NY',
    phone_number: '+1 718 555 0176',
    birthday: '1986-09-12',
  },
  basic: { first_name: 'Sam', last_name: 'Taylor', title: 'Operations Lead', location: 'Brooklyn, NY' },
  admin: { first_name: 'Nadia', last_name: 'Brooks', title: 'Operations Manager', location: 'New York, NY' },
  agendas: {
    'Kick-off session': 'Goals for the next 12 months, how we will work together, first numbers to track.',
    'Pricing workshop': 'Margin per service; which fees to raise first and how to tell clients.',
    'Hiring check-in': 'The project coordinator job ad, interview questions, the first 30 days. By phone.',
    'Monthly strategy session':
      'Review last month’s numbers, the fee change results and the hiring pipeline.',
    'Cash-flow review': 'Walk through the 13-week forecast together; agree the minimum cash buffer.',
    'Quarterly planning day': 'In person at your office: priorities for next quarter and the team’s roles.',
    'Welcome session':
      'How coaching works for the operations side: projects, hand-offs and the weekly numbers.',
  },
  notes: [
    {
      meeting: 'Kick-off session',
      title: 'Kick-off: goals for the year',
      body: 'Revenue goal: +15% with the same team size.\nBiggest worry: clients pay late and cash runs short.\nAgreed to track weekly sales, utilisation and cash on hand.',
    },
    {
      meeting: 'Pricing workshop',
      title: 'Pricing workshop notes',
      body: 'Day rates have not changed in three years.\nFixed-price projects run over by a fifth on average.\nRaise the day rate for new clients first; explain the value.',
    },
    {
      meeting: 'Hiring check-in',
      title: 'Hiring check-in',
      body: 'The job ad is good; add the hours and the pay range.\nUse the three interview questions we wrote together.',
    },
    {
      meeting: null,
      title: 'Ideas to bring up next time',
      body: 'Could a monthly retainer replace one-off projects?\nAsk the bank about a line of credit.',
    },
  ],
  actionSteps: [
    {
      title: 'Draft the 13-week cash-flow forecast',
      description: 'Use the template from the kick-off; fill in known bills first.',
      status: 0,
      due: 6,
      area: 'Cash flow',
    },
    {
      title: 'Write the project coordinator job ad',
      description: 'Include hours, pay range and what a great first month looks like.',
      status: 0,
      due: 4,
    },
    {
      title: 'Raise the day rate for new clients by 10%',
      description: 'Update the proposal template and the website on the same day.',
      status: 1,
      due: 3,
      area: 'Pricing and margins',
    },
    {
      title: 'Set up a weekly numbers sheet',
      description: 'Weekly sales, utilisation, cash on hand — ten minutes every Monday.',
      status: 2,
      due: 1,
    },
    {
      title: 'Open a separate tax reserve account',
      description: 'Move 20% of each week’s profit into it.',
      status: 3,
      due: null,
      area: 'Cash flow',
    },
    {
      title: 'Document the client onboarding checklist',
      description: 'So anyone on the team can start a project without calling you.',
      status: 3,
      due: null,
    },
  ],
  plannedSteps: [
    {
      title: 'Review the three biggest overheads',
      description: 'Ask two other providers for quotes.',
      due: 14,
      area: 'Pricing and margins',
    },
  ],
  commitments: [
    {
      title: 'Check the bank balance every Monday morning',
      description: 'With the weekly numbers sheet.',
      status: 0,
    },
    {
      title: 'Hold a 15-minute team huddle each Friday',
      description: 'Wins, problems, next week’s plan.',
      status: 1,
    },
    {
      title: 'Send invoices within 24 hours of each milestone',
      description: 'Retainers on the first of the month.',
      status: 2,
    },
    {
      title: 'Take one full day off every week',
      description: 'Protect it in the calendar like a meeting.',
      status: 0,
    },
  ],
  teamMembers: [
    { first_name: 'Maya', last_name: 'Chen', email: 'maya.chen@example.com' },
    { first_name: 'Ben', last_name: 'Okoro', email: null },
  ],
  tasks: [
    {
      title: 'Update the project pipeline sheet',
      member: 0,
      due: 3,
      status: 1,
      note: 'Half done; proposals left.',
      file: null,
    },
    {
      title: 'Collect three quotes for bookkeeping software',
      member: 1,
      due: 10,
      status: 0,
      note: '',
      file: null,
    },
    {
      title: 'Post the job ad on two job boards',
      member: null,
      due: 5,
      status: 0,
      note: '',
      file: 'Hiring checklist.txt',
    },
    {
      title: 'Update the services price list',
      member: null,
      due: -1,
      status: 2,
      note: 'On the website too.',
      file: 'Price list.csv',
    },
  ],
  metrics: [
    {
      name: 'Monthly revenue',
      unit: 'USD',
      target: 60_000,
      direction: 'up',
      values: [
        44_800, 43_200, 46_900, 47_500, 45_900, 49_300, 50_800, 50_100, 53_400, 55_200, 57_600, 60_300,
      ],
      notes: { 5: 'New day rate for new clients', 11: 'Best month so far' },
    },
    {
      name: 'New leads',
      unit: 'leads',
      target: 30,
      direction: 'up',
      values: [14, 16, 15, 18, 20, 19, 21, 23, 24, 25, 27, 29],
      notes: { 7: 'Started asking every client for a referral' },
    },
    {
      name: 'Overdue invoices',
      unit: 'invoices',
      target: 2,
      direction: 'down',
      values: [9, 9, 8, 8, 7, 6, 6, 5, 4, 4, 3, 3],
      notes: {},
    },
  ],
  mail: {
    bigCost: 'the annual insurance bill',
    ...sbaHiringGuide,
  },
  library: [
    {
      title: 'SBA: managing your business finances',
      link: 'https://www.sba.gov/business-guide/manage-your-business/manage-your-finances',
      share: 'all',
    },
    {
      title: 'Proposal pricing worksheet',
      file: {
        name: 'Proposal pricing worksheet.pdf',
        line: 'Proposal pricing - days, day rate, expenses, value to the client, fixed fee',
      },
      share: 'company',
    },
    {
      title: 'Value-based pricing, explained',
      link: 'https://en.wikipedia.org/wiki/Value-based_pricing',
      share: 'company',
    },
    {
      title: 'Utilization tracker',
      file: {
        name: 'Utilization tracker.pdf',
        line: 'Utilization - billable hours, available hours, per consultant, per week, target 70 percent',
      },
      share: 'client',
    },
  ],
  priceList:
    'Service,Price,Days\nStrategy workshop,2400.00,1\nProcess review,6500.00,3\nMonthly retainer,4000.00,4\n',
  lessonChecklists: {
    'know-your-numbers': [
      'Pull last quarter’s revenue and overheads',
      'Work out the gross margin of your best seller',
      'Note the cash in the bank today',
    ],
    'pricing-for-profit': [
      'List your ten best-selling products or services',
      'Compare your prices with two competitors',
      'Pick one price to raise',
    ],
    'cash-flow-rhythm': [
      'List the bills due in the next 13 weeks',
      'Add the payments you expect from customers',
      'Book 15 minutes every Monday for the forecast',
    ],
    'hiring-your-first-manager': [
      'Write down the decisions that wait for you',
      'List what a manager would own without you',
    ],
    'delegation-that-sticks': [
      'Write a checklist for one task you do every week',
      'Hand that task to a team member this week',
    ],
  },
  forms: demoForms({
    business: [
      { id: 'clients_active', kind: 'number', label: 'How many active clients do you have?', required: true },
      {
        id: 'retainers',
        kind: 'yes_no',
        label: 'Is some of your work on monthly retainers?',
        required: true,
      },
    ],
    challenges: ['Winning new clients', 'Pricing projects', 'Hiring and delegating', 'Cash flow'],
    topics: ['Sales pipeline', 'Pricing', 'The team', 'Cash flow'],
  }),
  secondCoach: {
    coach: {
      first_name: 'Rebecca',
      last_name: 'Stone',
      title: 'Business Coach',
      phone_number: '+1 212 555 0194',
      location: 'New York, NY',
    },
    profile: {
      bio: 'Rebecca co-founded a small design studio and ran it for ten years. She coaches owners of creative businesses on pricing projects, cash flow and their first hires.',
      specialties: 'Project pricing, cash flow, first hires',
      certifications: 'ICF Professional Certified Coach (PCC)',
      years_experience: 10,
    },
    company: { name: 'Hudson Print & Design', industry: 'Creative services' },
    clients: [
      { first_name: 'Kevin', last_name: 'Park', title: 'Founder', location: 'Jersey City, NJ' },
      { first_name: 'Emily', last_name: 'Carter', title: 'Studio Manager', location: 'Jersey City, NJ' },
    ],
    kickOff: 'Goals for the year, how projects are priced today and the numbers to watch each week.',
    overdueStep: {
      title: 'Time sheet for the last three projects',
      description: 'Hours per project against the quote, to see which kind of work we underprice.',
    },
    file: {
      name: 'Project time sheet.pdf',
      line: 'Project time sheet - quoted hours, actual hours, difference per project',
      description: 'A time sheet for the last three projects: quoted against actual hours.',
    },
    message: {
      subject: 'Quote for a rebrand',
      body: '<p>Hi Rebecca, a client asked for a full rebrand quote. Can we go over my numbers before I send it?</p>',
    },
  },
};
