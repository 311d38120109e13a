// The acme tenant's business: a plumbing and heating firm in Evanston with a team of technicians, coached from
// Chicago.
import { sbaHiringGuide } from './demo-set.js';
import type { DemoSet } from './demo-set.js';
import { demoForms } from './demo-forms.js';

export const plumbing: DemoSet = {
  currency: 'USD',
  timeZone: 'America/Chicago',
  company: { name: 'Brightwater Plumbing & Heating', industry: 'Home services' },
  offerings: {
    packages: [
      {
        title: 'Quick start: 3 business reviews',
        description:
          'Three sessions to set prices, a call-out fee and a weekly numbers routine for the crew.',
        sessions: 3,
        validMonths: 3,
        price: 675,
      },
      {
        title: 'Growth sprint: 6 business reviews',
        description: 'Six sessions over six months: hiring a second van, service agreements and cash flow.',
        sessions: 6,
        validMonths: 6,
        price: 1260,
      },
    ],
    subscription: {
      title: 'Monthly business review',
      description: 'One business review a month: jobs booked, margins and the next month’s priorities.',
      sessions: 1,
      price: 240,
    },
  },
  coach: {
    first_name: 'Thomas',
    last_name: 'Lindqvist',
    title: 'Growth Coach',
    phone_number: '+1 312 555 0119',
    location: 'Chicago, IL',
  },
  coachProfile: {
    bio: 'Thomas coaches owners of trade businesses with five to fifty staff. Former operations director at a national home-services franchise, he focuses on dispatch, margins and building a second line of leadership.',
    specialties: 'Operations, job costing, leadership teams',
    certifications: 'EMCC Senior Practitioner; Certified Management Accountant',
    years_experience: 11,
  },
  client: {
    first_name: 'Rachel',
    last_name: 'Kowalski',
    title: 'Managing Director',
    location: 'Evanston, IL',
    phone_number: '+1 847 555 0163',
    birthday: '1979-11-02',
  },
  basic: { first_name: 'Marcus', last_name: 'Bell', title: 'Service Manager', location: 'Evanston, IL' },
  admin: {
    first_name: 'Dana',
    last_name: 'Kowalczyk',
    title: 'Client Operations Lead',
    location: 'Chicago, IL',
  },
  agendas: {
    'Kick-off session':
      'Goals for the year, how we will work together, and the job-costing numbers to track.',
    'Pricing workshop': 'Margin per job type; the call-out fee and the boiler service price to review first.',
    'Hiring check-in':
      'The second technician’s job ad, the ride-along interview and the first 30 days. By phone.',
    'Monthly strategy session':
      'Last month’s jobs per technician, the new call-out fee and the hiring pipeline.',
    'Cash-flow review':
      'The 13-week forecast with the van lease and the parts account; agree the cash buffer.',
    'Quarterly planning day': 'In person at the depot: next quarter’s priorities and who leads each crew.',
    'Welcome session':
      'How coaching works for the service side: dispatch, scheduling and customer call-backs.',
  },
  notes: [
    {
      meeting: 'Kick-off session',
      title: 'Kick-off: goals for the year',
      body: 'Revenue goal: +20% with one more technician.\nBiggest worry: parts bills land before customers pay.\nAgreed to track jobs per technician, average ticket and cash on hand.',
    },
    {
      meeting: 'Pricing workshop',
      title: 'Pricing workshop notes',
      body: 'The call-out fee has not changed in four years.\nBoiler services are priced below the two nearest competitors.\nRaise both, and explain the guarantee on every invoice.',
    },
    {
      meeting: 'Hiring check-in',
      title: 'Hiring check-in',
      body: 'The technician ad needs the pay range and the on-call rota.\nTry a paid half-day ride-along instead of a second interview.',
    },
    {
      meeting: null,
      title: 'Ideas to bring up next time',
      body: 'Could annual maintenance plans smooth the quiet months?\nAsk about a fuel card for the vans.',
    },
  ],
  actionSteps: [
    {
      title: 'Draft the 13-week cash-flow forecast',
      description: 'Start with payroll, the van lease and the parts account.',
      status: 0,
      due: 6,
      area: 'Cash flow',
    },
    {
      title: 'Write the technician job ad',
      description: 'Pay range, on-call rota, the van and the tools we provide.',
      status: 0,
      due: 4,
    },
    {
      title: 'Raise the call-out fee to $95',
      description: 'Update the website, the dispatch script and the invoice template on the same day.',
      status: 1,
      due: 3,
      area: 'Pricing and margins',
    },
    {
      title: 'Set up a weekly jobs dashboard',
      description: 'Jobs per technician, average ticket, call-backs — ten minutes every Monday.',
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
      title: 'Write the van stock checklist',
      description: 'So every technician leaves the depot with the parts for a first-time fix.',
      status: 3,
      due: null,
    },
  ],
  plannedSteps: [
    {
      title: 'Compare two other parts suppliers',
      description: 'Quotes for the twenty parts we fit most often.',
      due: 14,
      area: 'Pricing and margins',
    },
  ],
  commitments: [
    {
      title: 'Check the bank balance every Monday morning',
      description: 'Before dispatch, with the jobs dashboard.',
      status: 0,
    },
    {
      title: 'Hold a 15-minute crew huddle each Friday',
      description: 'Call-backs, safety, next week’s rota.',
      status: 1,
    },
    {
      title: 'Invoice every job the day it is finished',
      description: 'From the van, on the tablet.',
      status: 2,
    },
    { title: 'Take one full day off every week', description: 'Marcus covers the on-call phone.', status: 0 },
  ],
  teamMembers: [
    { first_name: 'Luis', last_name: 'Ortega', email: 'luis.ortega@example.com' },
    { first_name: 'Hannah', last_name: 'Brooks', email: null },
  ],
  tasks: [
    {
      title: 'Restock the vans from the parts order',
      member: 0,
      due: 3,
      status: 1,
      note: 'Two of four vans done.',
      file: null,
    },
    { title: 'Get three quotes for a new service van', member: 1, due: 10, status: 0, note: '', file: null },
    {
      title: 'Post the technician ad on two job boards',
      member: null,
      due: 5,
      status: 0,
      note: '',
      file: 'Hiring checklist.txt',
    },
    {
      title: 'Update the boiler service price list',
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
      target: 120_000,
      direction: 'up',
      values: [
        92_500, 88_100, 95_400, 97_800, 101_200, 99_600, 104_300, 108_900, 106_700, 112_400, 115_800, 121_300,
      ],
      notes: { 5: 'New call-out fee', 11: 'Best month so far' },
    },
    {
      name: 'Jobs per technician a week',
      unit: 'jobs',
      target: 18,
      direction: 'up',
      values: [12, 13, 12, 14, 14, 15, 15, 16, 15, 17, 17, 18],
      notes: { 7: 'Started the van stock checklist' },
    },
    {
      name: 'Call-backs',
      unit: 'call-backs',
      target: 3,
      direction: 'down',
      values: [11, 10, 10, 9, 8, 8, 7, 6, 6, 5, 4, 4],
      notes: {},
    },
  ],
  mail: {
    bigCost: 'the new van’s deposit',
    ...sbaHiringGuide,
  },
  library: [
    {
      title: 'SBA: managing your business finances',
      link: 'https://www.sba.gov/business-guide/manage-your-business/manage-your-finances',
      share: 'all',
    },
    {
      title: 'Service agreement pricing sheet',
      file: {
        name: 'Service agreement pricing sheet.pdf',
        line: 'Maintenance plans - boiler check, water heater flush, visits a year, price, renewal month',
      },
      share: 'company',
    },
    {
      title: 'Preventive maintenance, explained',
      link: 'https://en.wikipedia.org/wiki/Preventive_maintenance',
      share: 'company',
    },
    {
      title: 'Van stock checklist',
      file: {
        name: 'Van stock checklist.pdf',
        line: 'Van stock - fittings, valves, PEX, cartridges, count on Friday, reorder below minimum',
      },
      share: 'client',
    },
  ],
  priceList:
    'Service,Price,Hours\nStandard call-out,95.00,1\nBoiler service,140.00,1.5\nBathroom refit (from),4800.00,40\n',
  lessonChecklists: {
    'know-your-numbers': [
      'Total last month’s billed call-outs',
      'Work out the parts cost of a water-heater install',
      'Note each van’s fuel cost for the month',
    ],
    'pricing-for-profit': [
      'List your five most common jobs and their prices',
      'Compare your call-out fee with two local firms',
      'Pick one job type to reprice',
    ],
    'cash-flow-rhythm': [
      'List unpaid invoices older than 30 days',
      'Add the supplier account payments due this quarter',
      'Book 15 minutes every Monday before the vans go out',
    ],
    'hiring-your-first-manager': [
      'Write down the jobs only you can quote today',
      'List what a lead plumber would sign off without you',
    ],
    'delegation-that-sticks': [
      'Write the van restock checklist',
      'Hand the emergency call rota to one plumber this week',
    ],
  },
  forms: demoForms({
    business: [
      { id: 'vans', kind: 'number', label: 'How many vans are on the road?', required: true },
      {
        id: 'work_mix',
        kind: 'single_choice',
        label: 'Where does most of your work come from?',
        required: true,
        options: [
          'Emergency call-outs',
          'Boiler installs and servicing',
          'Bathroom refits',
          'Commercial contracts',
        ],
      },
      {
        id: 'gas_safe',
        kind: 'yes_no',
        label: 'Are all your engineers Gas Safe registered?',
        required: true,
      },
    ],
    challenges: [
      'Quoting and pricing jobs',
      'Finding qualified engineers',
      'Chasing unpaid invoices',
      'Too many call-outs',
    ],
    topics: ['Quotes and pricing', 'Engineers and apprentices', 'Cash flow and invoices', 'Marketing'],
  }),
  secondCoach: {
    coach: {
      first_name: 'Denise',
      last_name: 'Walsh',
      title: 'Business Coach',
      phone_number: '+1 312 555 0176',
      location: 'Chicago, IL',
    },
    profile: {
      bio: 'Denise managed dispatch and estimating for a Chicago electrical contractor before she began coaching trade businesses on scheduling, estimating and keeping their technicians.',
      specialties: 'Estimating, dispatch and scheduling, technician retention',
      certifications: 'ICF Associate Certified Coach (ACC)',
      years_experience: 9,
    },
    company: { name: 'Northside Electric Co.', industry: 'Home services' },
    clients: [
      { first_name: 'Tom', last_name: 'Kowalski', title: 'Owner', location: 'Skokie, IL' },
      { first_name: 'Rosa', last_name: 'Alvarez', title: 'Office Manager', location: 'Skokie, IL' },
    ],
    kickOff: 'Goals for the year, how jobs are estimated today and the numbers to watch each week.',
    overdueStep: {
      title: 'List last quarter’s callbacks',
      description:
        'Every job we went back to for free, with the reason, to find the estimates that ran over.',
    },
    file: {
      name: 'Callback log.pdf',
      line: 'Callback log - job, date, reason, hours spent, estimate',
      description: "A log for last quarter's callbacks, one line a job, for our estimate review.",
    },
    message: {
      subject: 'Panel upgrade estimates',
      body: '<p>Hi Denise, we lost two panel upgrades on price this week. Can we look at how I estimate them?</p>',
    },
  },
};
