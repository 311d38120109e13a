// Demo people for the seed: one set per tenant, picked by the tenant's position so every tenant looks
// different and re-seeding picks the same people.
interface DemoSet {
  company: { name: string; website: string; industry: string };
  /** The ISO 4217 code the demo assessments are counted in. */
  currency: string;
  coach: {
    first_name: string;
    last_name: string;
    title: string;
    phone_number: string;
    location: string;
    time_zone: string;
  };
  coachProfile: { bio: string; specialties: string; certifications: string; years_experience: number };
  client: {
    first_name: string;
    last_name: string;
    title: string;
    location: string;
    time_zone: string;
    phone_number: string;
    birthday: string;
  };
  basic: { first_name: string; last_name: string; title: string; location: string; time_zone: string };
}

export const demoSets: DemoSet[] = [
  {
    company: {
      name: 'Harbor Lane Bakery',
      website: 'https://harborlanebakery.example',
      industry: 'Food and beverage',
    },
    currency: 'USD',
    coach: {
      first_name: 'Margaret',
      last_name: 'Okafor',
      title: 'Senior Business Coach',
      phone_number: '+1 415 555 0142',
      location: 'San Francisco, CA',
      time_zone: 'America/Los_Angeles',
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
      time_zone: 'America/Los_Angeles',
      phone_number: '+1 510 555 0187',
      birthday: '1984-03-17',
    },
    basic: {
      first_name: 'Priya',
      last_name: 'Natarajan',
      title: 'Operations Manager',
      location: 'Oakland, CA',
      time_zone: 'America/Los_Angeles',
    },
  },
  {
    company: {
      name: 'Brightwater Plumbing & Heating',
      website: 'https://brightwater-plumbing.example',
      industry: 'Home services',
    },
    currency: 'USD',
    coach: {
      first_name: 'Thomas',
      last_name: 'Lindqvist',
      title: 'Growth Coach',
      phone_number: '+1 312 555 0119',
      location: 'Chicago, IL',
      time_zone: 'America/Chicago',
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
      time_zone: 'America/Chicago',
      phone_number: '+1 847 555 0163',
      birthday: '1979-11-02',
    },
    basic: {
      first_name: 'Marcus',
      last_name: 'Bell',
      title: 'Service Manager',
      location: 'Skokie, IL',
      time_zone: 'America/Chicago',
    },
  },
  {
    company: {
      name: 'Fernhill Dental Studio',
      website: 'https://fernhilldental.example',
      industry: 'Healthcare',
    },
    currency: 'GBP',
    coach: {
      first_name: 'Aisha',
      last_name: 'Rahman',
      title: 'Leadership Coach',
      phone_number: '+44 20 7946 0321',
      location: 'London, UK',
      time_zone: 'Europe/London',
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
      location: 'Bristol, UK',
      time_zone: 'Europe/London',
      phone_number: '+44 117 496 0754',
      birthday: '1981-06-25',
    },
    basic: {
      first_name: 'Sofia',
      last_name: 'Marchetti',
      title: 'Practice Manager',
      location: 'Bath, UK',
      time_zone: 'Europe/London',
    },
  },
];
