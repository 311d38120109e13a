// The globex tenant's business: a private dental studio in London, billed in pounds, coached from London.
import type { DemoSet } from './demo-set.js';
import { demoForms } from './demo-forms.js';

export const dental: DemoSet = {
  currency: 'GBP',
  timeZone: 'Europe/London',
  company: { name: 'Fernhill Dental Studio', industry: 'Healthcare' },
  offerings: {
    packages: [
      {
        title: 'New practice lead: 4 sessions',
        description: 'Four sessions for a new practice lead: team meetings, rotas and the patient list.',
        sessions: 4,
        validMonths: 4,
        price: 480,
      },
      {
        title: 'Leadership programme: 10 sessions',
        description: 'Ten sessions over a year on leading the studio: delegation, feedback and growth.',
        sessions: 10,
        validMonths: 12,
        price: 1100,
      },
    ],
    subscription: {
      title: 'Monthly leadership session',
      description: 'One leadership coaching session a month, VAT included.',
      sessions: 1,
      price: 135,
    },
  },
  coach: {
    first_name: 'Aisha',
    last_name: 'Rahman',
    title: 'Leadership Coach',
    phone_number: '+44 20 7946 0321',
    location: 'London, UK',
  },
  coachProfile: {
    bio: 'Aisha works with owners of professional practices who want to lead a team rather than carry it. She combines practical management systems with coaching on delegation and difficult conversations.',
    specialties: 'Delegation, team culture, practice management',
    certifications: 'ICF Master Certified Coach (MCC)',
    years_experience: 17,
  },
  client: {
    first_name: 'Oliver',
    last_name: 'Hastings',
    title: 'Principal Dentist',
    location: 'London, UK',
    phone_number: '+44 20 7946 0754',
    birthday: '1981-06-25',
  },
  basic: { first_name: 'Sofia', last_name: 'Marchetti', title: 'Practice Manager', location: 'London, UK' },
  admin: {
    first_name: 'Hannah',
    last_name: 'Whitfield',
    title: 'Client Success Manager',
    location: 'London, UK',
  },
  agendas: {
    'Kick-off session': 'Goals for the year, how we will work together, and the studio’s numbers to track.',
    'Pricing workshop': 'Fees per treatment; the hygienist appointment and whitening prices to review first.',
    'Hiring check-in': 'The dental nurse job advert, the interview day and the first 30 days. By phone.',
    'Monthly strategy session': 'Last month’s chair occupancy, the new fees and the recruitment pipeline.',
    'Cash-flow review':
      'The 13-week forecast with the lab bills and the equipment lease; agree the cash buffer.',
    'Quarterly planning day': 'In person at the studio: next quarter’s priorities and the team’s roles.',
    'Welcome session': 'How coaching works for the front desk: the diary, patient recalls and the team rota.',
  },
  notes: [
    {
      meeting: 'Kick-off session',
      title: 'Kick-off: goals for the year',
      body: 'Revenue goal: +12% without longer opening hours.\nBiggest worry: empty chairs from late cancellations.\nAgreed to track chair occupancy, new patients and cash at the bank.',
    },
    {
      meeting: 'Pricing workshop',
      title: 'Pricing workshop notes',
      body: 'Hygienist fees are below the three nearest studios.\nWhitening is priced per visit, not per course.\nRaise the hygienist fee first and tell patients at their recall.',
    },
    {
      meeting: 'Hiring check-in',
      title: 'Hiring check-in',
      body: 'The dental nurse advert needs the salary band and the late shift.\nSofia runs the first interview; Oliver the second.',
    },
    {
      meeting: null,
      title: 'Ideas to bring up next time',
      body: 'Could a monthly membership plan replace pay-as-you-go check-ups?\nAsk the bank about financing the new scanner.',
    },
  ],
  actionSteps: [
    {
      title: 'Draft the 13-week cash-flow forecast',
      description: 'Start with salaries, the lab bills and the equipment lease.',
      status: 0,
      due: 6,
      area: 'Cash flow',
    },
    {
      title: 'Write the dental nurse job advert',
      description: 'Salary band, hours, the late shift and what a great first month looks like.',
      status: 0,
      due: 4,
    },
    {
      title: 'Raise the hygienist appointment fee to £85',
      description: 'Update the fee list at reception and on the website on the same day.',
      status: 1,
      due: 3,
      area: 'Pricing and margins',
    },
    {
      title: 'Set up a weekly studio dashboard',
      description: 'Chair occupancy, new patients, cash at the bank — ten minutes every Monday.',
      status: 2,
      due: 1,
    },
    {
      title: 'Open a separate VAT and tax reserve account',
      description: 'Move 20% of each week’s profit into it.',
      status: 3,
      due: null,
      area: 'Cash flow',
    },
    {
      title: 'Write the late-cancellation policy',
      description: 'So reception can fill a gap without asking Oliver.',
      status: 3,
      due: null,
    },
  ],
  plannedSteps: [
    {
      title: 'Compare two other dental laboratories',
      description: 'Quotes for crowns and aligners, our two biggest lab costs.',
      due: 14,
      area: 'Pricing and margins',
    },
  ],
  commitments: [
    {
      title: 'Check the bank balance every Monday morning',
      description: 'Before the first patient, with the dashboard.',
      status: 0,
    },
    {
      title: 'Hold a 15-minute team huddle each Friday',
      description: 'Wins, problems, next week’s diary.',
      status: 1,
    },
    {
      title: 'Chase unpaid treatment plans within a week',
      description: 'Reception sends the reminder.',
      status: 2,
    },
    {
      title: 'Keep Wednesday afternoons free of patients',
      description: 'For the studio’s management work.',
      status: 0,
    },
  ],
  teamMembers: [
    { first_name: 'Grace', last_name: 'Adeyemi', email: 'grace.adeyemi@example.com' },
    { first_name: 'Tom', last_name: 'Whitfield', email: null },
  ],
  tasks: [
    {
      title: 'Call the patients on the recall list',
      member: 0,
      due: 3,
      status: 1,
      note: 'Half of the list done.',
      file: null,
    },
    {
      title: 'Get three quotes for an intraoral scanner',
      member: 1,
      due: 10,
      status: 0,
      note: '',
      file: null,
    },
    {
      title: 'Post the dental nurse advert on two job sites',
      member: null,
      due: 5,
      status: 0,
      note: '',
      file: 'Hiring checklist.txt',
    },
    {
      title: 'Update the fee list at reception',
      member: null,
      due: -1,
      status: 2,
      note: 'Printed and on the website.',
      file: 'Price list.csv',
    },
  ],
  metrics: [
    {
      name: 'Monthly revenue',
      unit: 'GBP',
      target: 95_000,
      direction: 'up',
      values: [
        78_200, 76_900, 80_300, 81_700, 79_900, 83_400, 84_800, 86_100, 88_500, 90_200, 92_700, 95_600,
      ],
      notes: { 5: 'New hygienist fee', 11: 'Best month so far' },
    },
    {
      name: 'New patients',
      unit: 'patients',
      target: 60,
      direction: 'up',
      values: [38, 41, 40, 44, 47, 45, 49, 52, 51, 55, 57, 61],
      notes: { 7: 'Started the patient referral card' },
    },
    {
      name: 'Late cancellations',
      unit: 'appointments',
      target: 10,
      direction: 'down',
      values: [31, 29, 30, 27, 25, 24, 22, 19, 18, 16, 14, 12],
      notes: { 9: 'Text reminders two days before' },
    },
  ],
  mail: {
    bigCost: 'the autoclave repair',
    guideUrl: 'https://www.gov.uk/employing-staff',
    guideTitle: 'GOV.UK’s guide to employing staff',
  },
  library: [
    {
      title: 'GOV.UK: workplace pensions for employers',
      link: 'https://www.gov.uk/workplace-pensions-employers',
      share: 'all',
    },
    {
      title: 'Treatment plan pricing sheet',
      file: {
        name: 'Treatment plan pricing sheet.pdf',
        line: 'Treatment plans - examination, hygienist, whitening, chair minutes, lab cost, price',
      },
      share: 'company',
    },
    {
      title: 'What a dental hygienist does',
      link: 'https://en.wikipedia.org/wiki/Dental_hygienist',
      share: 'company',
    },
    {
      title: 'Recall reminder script',
      file: {
        name: 'Recall reminder script.pdf',
        line: 'Recall reminders - text two days before, call on the day, rebook missed visits the same week',
      },
      share: 'client',
    },
  ],
  priceList:
    'Treatment,Price,Minutes\nExamination,65.00,30\nHygienist appointment,85.00,30\nWhitening course,395.00,90\n',
  lessonChecklists: {
    'know-your-numbers': [
      'Pull last month’s production per chair',
      'Work out the lab cost of a crown',
      'Note this quarter’s hygiene recall rate',
    ],
    'pricing-for-profit': [
      'List your ten most common treatments and their fees',
      'Compare your whitening fee with two nearby practices',
      'Pick one fee to review',
    ],
    'cash-flow-rhythm': [
      'List insurance claims older than 30 days',
      'Add the lab and supply bills due this quarter',
      'Book 15 minutes every Monday before the first patient',
    ],
    'hiring-your-first-manager': [
      'Write down the decisions the front desk brings to you',
      'List what a practice manager would run without you',
    ],
    'delegation-that-sticks': [
      'Write the sterilisation room checklist',
      'Hand the recall calls to one team member this week',
    ],
  },
  forms: demoForms({
    business: [
      { id: 'chairs', kind: 'number', label: 'How many dental chairs does your studio run?', required: true },
      {
        id: 'private_share',
        kind: 'single_choice',
        label: 'How are most of your patients treated?',
        required: true,
        options: ['Private', 'NHS', 'About half and half'],
      },
      { id: 'hygienist', kind: 'yes_no', label: 'Do you employ a hygienist?', required: true },
    ],
    challenges: [
      'Missed appointments',
      'Recruiting dental nurses',
      'Fees and treatment plans',
      'Finding new patients',
    ],
    topics: ['Missed appointments', 'The team and rota', 'Fees and treatment plans', 'New patients'],
  }),
  secondCoach: {
    coach: {
      first_name: 'Hugh',
      last_name: 'Pemberton',
      title: 'Practice Coach',
      phone_number: '+44 20 7946 0581',
      location: 'London, UK',
    },
    profile: {
      bio: 'Hugh ran a group of physiotherapy clinics in north London for a decade. He coaches clinic owners on their diaries, their fees and growing a team of clinicians.',
      specialties: 'Clinic diaries, fees, hiring clinicians',
      certifications: 'EMCC Senior Practitioner',
      years_experience: 11,
    },
    company: { name: 'Camden Physio Clinic', industry: 'Healthcare' },
    clients: [
      { first_name: 'Nadia', last_name: 'Rahman', title: 'Clinic Owner', location: 'London, UK' },
      { first_name: 'James', last_name: 'Hale', title: 'Clinic Manager', location: 'London, UK' },
    ],
    kickOff: 'Goals for the year, how full the diary is today and the numbers to watch each week.',
    overdueStep: {
      title: 'Count last month’s missed appointments',
      description: 'Missed and late-cancelled appointments per clinician, to decide on a cancellation fee.',
    },
    file: {
      name: 'Cancellation policy draft.pdf',
      line: 'Cancellation policy - 24 hours notice, fee after the second missed appointment',
      description: 'A draft cancellation policy to read before we talk about the fee.',
    },
    message: {
      subject: 'Cancellation fee',
      body: '<p>Hi Hugh, three patients missed their sessions this week. Should we start charging a cancellation fee?</p>',
    },
  },
};
