// The demo tenant's business: a neighbourhood bakery in Oakland with a catering side, coached from San Francisco.
import { sbaHiringGuide } from './demo-set.js';
import type { DemoSet } from './demo-set.js';
import { demoForms } from './demo-forms.js';

export const bakery: DemoSet = {
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
  company: { name: 'Harbor Lane Bakery', industry: 'Food and beverage' },
  offerings: {
    packages: [
      {
        title: 'Busy-season prep: 4 sessions',
        description: 'Four coaching sessions to plan staffing, ordering and prices before the holiday rush.',
        sessions: 4,
        validMonths: 3,
        price: 560,
      },
      {
        title: 'Grow the bakery: 8 sessions',
        description: 'Eight sessions over six months: margins, wholesale accounts and a second shift.',
        sessions: 8,
        validMonths: 6,
        price: 1040,
      },
    ],
    subscription: {
      title: 'Monthly bakery check-in',
      description: 'One coaching session a month on the numbers and the next month’s plan.',
      sessions: 1,
      price: 150,
    },
  },
  coach: {
    first_name: 'Margaret',
    last_name: 'Okafor',
    title: 'Senior Business Coach',
    phone_number: '+1 415 555 0142',
    location: 'San Francisco, CA',
  },
  coachProfile: {
    bio: 'Margaret spent twelve years running a regional chain of cafés before she started coaching owners of small food businesses. She helps clients build weekly routines around cash flow, hiring and pricing.',
    specialties: 'Cash-flow planning, hiring first managers, pricing',
    certifications: 'ICF Professional Certified Coach (PCC)',
    years_experience: 14,
  },
  client: {
    first_name: 'Daniel',
    last_name: 'Reyes',
    title: 'Owner',
    location: 'Oakland, CA',
    phone_number: '+1 510 555 0187',
    birthday: '1984-03-17',
  },
  basic: {
    first_name: 'Priya',
    last_name: 'Natarajan',
    title: 'Operations Manager',
    location: 'Oakland, CA',
  },
  admin: {
    first_name: 'Carmen',
    last_name: 'Ortiz',
    title: 'Programme Coordinator',
    location: 'San Francisco, CA',
  },
  agendas: {
    'Kick-off session': 'Goals for the next 12 months, how we will work together, first numbers to track.',
    'Pricing workshop': 'Margin per product line; which prices to raise first and how to tell customers.',
    'Hiring check-in': 'Shift supervisor job ad, interview questions, the first 30 days plan. By phone.',
    'Monthly strategy session': 'Review last month’s KPIs, the price change results and the hiring pipeline.',
    'Cash-flow review': 'Walk through the 13-week forecast together; agree the minimum cash buffer.',
    'Quarterly planning day': 'In person at the bakery: priorities for next quarter and the team’s roles.',
    'Welcome session':
      'How coaching works for the bakery’s operations: ordering, rotas and the catering side.',
  },
  notes: [
    {
      meeting: 'Kick-off session',
      title: 'Kick-off: goals for the year',
      body: 'Revenue goal: +15% with the same team size.\nBiggest worry: cash is tight every year after the holidays.\nAgreed to track weekly sales, labour % and cash on hand.',
    },
    {
      meeting: 'Pricing workshop',
      title: 'Pricing workshop notes',
      body: 'Top 10 items are underpriced by 6–9% against the area.\nRaise 5% first, watch volume for two weeks.\nTell regulars in person — they care about the why.',
    },
    {
      meeting: 'Hiring check-in',
      title: 'Hiring check-in',
      body: 'Job ad draft is good; add the schedule and the pay range.\nUse the three interview questions we wrote together.',
    },
    {
      meeting: null,
      title: 'Ideas to bring up next time',
      body: 'Could a loyalty card replace the weekday discount?\nAsk the bank about a line of credit for the catering orders.',
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
      title: 'Write the shift supervisor job ad',
      description: 'Include schedule, pay range and what a great first month looks like.',
      status: 0,
      due: 4,
    },
    {
      title: 'Raise prices on the top 10 items by 5%',
      description: 'Update the menu boards and the till on the same day.',
      status: 1,
      due: 3,
      area: 'Pricing and margins',
    },
    {
      title: 'Set up a weekly KPI sheet',
      description: 'Weekly sales, labour %, cash on hand — ten minutes every Monday.',
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
      title: 'Document the opening checklist',
      description: 'So any shift lead can open the bakery without calling you.',
      status: 3,
      due: null,
    },
  ],
  plannedSteps: [
    {
      title: 'Review flour, butter and packaging prices',
      description: 'Ask two other suppliers for quotes on the three biggest costs.',
      due: 14,
      area: 'Pricing and margins',
    },
  ],
  commitments: [
    {
      title: 'Check the bank balance every Monday morning',
      description: 'Before opening, with the KPI sheet.',
      status: 0,
    },
    {
      title: 'Hold a 15-minute team huddle each Friday',
      description: 'Wins, problems, next week’s rota.',
      status: 1,
    },
    {
      title: 'Send invoices within 24 hours of delivery',
      description: 'Catering orders included.',
      status: 2,
    },
    {
      title: 'Take one full day off every week',
      description: 'Protect it in the calendar like a meeting.',
      status: 0,
    },
  ],
  teamMembers: [
    { first_name: 'Sofia', last_name: 'Marquez', email: 'sofia.marquez@example.com' },
    { first_name: 'Jamal', last_name: 'Carter', email: null },
  ],
  tasks: [
    {
      title: 'Count inventory and update the order sheet',
      member: 0,
      due: 3,
      status: 1,
      note: 'Half done; dry goods left.',
      file: null,
    },
    { title: 'Collect three quotes for a new oven', member: 1, due: 10, status: 0, note: '', file: null },
    {
      title: 'Post the job ad on two local boards',
      member: null,
      due: 5,
      status: 0,
      note: '',
      file: 'Hiring checklist.txt',
    },
    {
      title: 'Update the catering price list',
      member: null,
      due: -1,
      status: 2,
      note: 'Sent to the printer.',
      file: 'Price list.csv',
    },
  ],
  metrics: [
    {
      name: 'Monthly revenue',
      unit: 'USD',
      target: 50_000,
      direction: 'up',
      values: [
        38_400, 37_900, 40_250, 41_100, 39_800, 42_600, 44_050, 43_700, 46_300, 47_950, 49_200, 51_400,
      ],
      notes: { 5: 'Price rise on the top 10 items', 11: 'Best month so far' },
    },
    {
      name: 'New leads',
      unit: 'leads',
      target: 40,
      direction: 'up',
      values: [22, 25, 24, 28, 31, 27, 30, 33, 35, 34, 38, 41],
      notes: { 7: 'Catering flyers in the office blocks nearby' },
    },
    {
      name: 'Customer complaints',
      unit: 'complaints',
      target: 2,
      direction: 'down',
      values: [9, 8, 8, 7, 6, 7, 5, 4, 5, 3, 4, 3],
      notes: {},
    },
  ],
  mail: {
    bigCost: 'the oven repair',
    ...sbaHiringGuide,
  },
  library: [
    {
      title: 'SBA: managing your business finances',
      link: 'https://www.sba.gov/business-guide/manage-your-business/manage-your-finances',
      share: 'all',
    },
    {
      title: 'Recipe costing worksheet',
      file: {
        name: 'Recipe costing worksheet.pdf',
        line: 'Recipe costing - ingredient, grams per batch, cost per kilo, cost per loaf, price, margin',
      },
      share: 'company',
    },
    {
      title: 'Cost of goods sold, explained',
      link: 'https://en.wikipedia.org/wiki/Cost_of_goods_sold',
      share: 'company',
    },
    {
      title: 'Holiday pre-order planner',
      file: {
        name: 'Holiday pre-order planner.pdf',
        line: 'Holiday pre-orders - pies, stollen, loaves per day, deposit taken, pick-up slot',
      },
      share: 'client',
    },
  ],
  priceList:
    'Item,Price,Unit\nSourdough loaf,7.50,each\nCroissant,4.25,each\nCatering box (12 pastries),48.00,box\n',
  lessonChecklists: {
    'know-your-numbers': [
      'Pull last month’s flour, butter and sugar invoices',
      'Work out the ingredient cost of a sourdough loaf',
      'Note the gross margin of your best-selling pastry',
    ],
    'pricing-for-profit': [
      'List the ten items you bake most',
      'Compare the catering box’s price with two nearby bakeries',
      'Pick one item to raise by 50 cents',
    ],
    'cash-flow-rhythm': [
      'List the supplier bills due in the next 13 weeks',
      'Add the catering deposits you expect',
      'Book 15 minutes every Monday before the morning bake',
    ],
    'hiring-your-first-manager': [
      'Write down the shifts you still open yourself',
      'List what a head baker would decide without you',
    ],
    'delegation-that-sticks': [
      'Write the oven start-up checklist',
      'Hand the daily flour order to one baker this week',
    ],
  },
  forms: demoForms({
    business: [
      { id: 'ovens', kind: 'number', label: 'How many ovens do you bake with?', required: true },
      {
        id: 'wholesale',
        kind: 'yes_no',
        label: 'Do you sell wholesale to cafés or shops?',
        required: true,
      },
      {
        id: 'wholesale_share',
        kind: 'scale',
        label: 'How much of your sales is wholesale?',
        help: '1 is almost none, 10 is almost all.',
        required: false,
        shown_when: { question: 'wholesale', equals: true },
      },
    ],
    challenges: [
      'Rising flour and butter costs',
      'Early-morning staffing',
      'Waste at closing time',
      'Growing wholesale orders',
    ],
    topics: ['Costs and pricing', 'The bakers’ rota', 'Wholesale customers', 'Waste and ordering'],
  }),
  secondCoach: {
    coach: {
      first_name: 'Elena',
      last_name: 'Vasquez',
      title: 'Business Coach',
      phone_number: '+1 415 555 0163',
      location: 'San Francisco, CA',
    },
    profile: {
      bio: 'Elena ran the wholesale side of a Bay Area coffee company for nine years. She coaches owners of food and drink businesses through their first wholesale accounts and their first managers.',
      specialties: 'Wholesale pricing, production planning, first managers',
      certifications: 'ICF Associate Certified Coach (ACC)',
      years_experience: 8,
    },
    company: { name: 'Bayside Coffee Roasters', industry: 'Food and beverage' },
    clients: [
      { first_name: 'Jonah', last_name: 'Fischer', title: 'Owner', location: 'Berkeley, CA' },
      { first_name: 'Mei', last_name: 'Lin', title: 'Head Roaster', location: 'Berkeley, CA' },
    ],
    kickOff: 'Goals for the year, the wholesale accounts to win first and the numbers to watch each week.',
    overdueStep: {
      title: 'Cost out a 5 lb wholesale bag',
      description: 'Green coffee, roasting time, bag and delivery per bag, to set the café price list.',
    },
    file: {
      name: 'Wholesale bag costing.pdf',
      line: 'Wholesale bag costing - green coffee, roasting, bag, delivery per 5 lb bag',
      description:
        'A costing sheet for the 5 lb bag: fill in your green coffee price and we go over it together.',
    },
    message: {
      subject: 'Wholesale price list',
      body: '<p>Hi Elena, a café in Albany asked for our wholesale prices. Can we go over my draft before I send it?</p>',
    },
  },
};
