// What one demo business is made of: the client's company, their coach, the two demo clients and everything
// the portal shows them that depends on the business (agendas, notes, action steps, commitments, tasks,
// assessment steps, metrics, mail, files). What fits any business (lessons, groups, flash lessons, the shape of
// the schedule and of the mailbox) is shared by every set; dates are never written here, the seed finds them
// from the seed time (working-days.ts).

import type { DemoForms } from './demo-forms.js';

/** The shared lessons the demo groups hold (seed-groups-data.ts). */
type GroupLessonSlug =
  | 'know-your-numbers'
  | 'pricing-for-profit'
  | 'cash-flow-rhythm'
  | 'hiring-your-first-manager'
  | 'delegation-that-sticks';

interface DemoPerson {
  first_name: string;
  last_name: string;
  title: string;
  location: string;
}

/** The titles of the shared schedule (seed-client-work.ts); each set writes the agendas. */
export type MeetingTitle =
  | 'Kick-off session'
  | 'Pricing workshop'
  | 'Hiring check-in'
  | 'Monthly strategy session'
  | 'Cash-flow review'
  | 'Quarterly planning day'
  | 'Welcome session';

/** An assessment focus area of the shared assessment (seed-assessments.ts). */
type FocusArea = 'Pricing and margins' | 'Cash flow' | 'Sales and marketing';

interface DemoActionStep {
  title: string;
  description: string;
  /** The API's status code (SPEC §4). */
  status: number;
  /** Due in this many days (moved to a working day), or none. */
  due: number | null;
  /** The focus area of the recent assessment this step implements, if any. */
  area?: FocusArea;
}

interface DemoMetric {
  name: string;
  /** The set's currency code for money, otherwise a plain unit. */
  unit: string;
  target: number;
  direction: 'up' | 'down';
  /** The twelve months before the seed's month, oldest first. */
  values: number[];
  /** Notes by index into values. */
  notes: Record<number, string>;
}

interface DemoPackage {
  title: string;
  description: string;
  sessions: number;
  validMonths: number;
  price: number;
}

export interface DemoSet {
  /** ISO 4217 code (a row of currencies): assessments, revenue, prices and the paid group. */
  currency: string;
  /** Where the business, its clients and the coach are: every meeting is at working hours here. */
  timeZone: string;
  company: { name: string; industry: string };
  /**
   * What the coaching business sells, in this trade's words: two packages of the coach's video
   * sessions and a monthly subscription. Prices in whole units of the tenant's currency, tax included.
   */
  offerings: {
    packages: [DemoPackage, DemoPackage];
    subscription: { title: string; description: string; sessions: number; price: number };
  };
  coach: DemoPerson & { phone_number: string };
  coachProfile: { bio: string; specialties: string; certifications: string; years_experience: number };
  client: DemoPerson & { phone_number: string; birthday: string };
  basic: DemoPerson;
  /** The coaching business's own operations person: the tenant admin (admin@), who manages people and keys. */
  admin: DemoPerson;
  agendas: Record<MeetingTitle, string>;
  /** Notes taken at the past sessions, by the session's title, and one note of ideas for the next one. */
  notes: { meeting: MeetingTitle | null; title: string; body: string }[];
  actionSteps: DemoActionStep[];
  /** Assessment steps that are not on the board (yet). */
  plannedSteps: (Omit<DemoActionStep, 'status'> & { area: FocusArea })[];
  commitments: { title: string; description: string; status: number }[];
  teamMembers: { first_name: string; last_name: string; email: string | null }[];
  /** file: the name of one of the company's files (the set's files), which /resources lists. */
  tasks: {
    title: string;
    member: number | null;
    due: number;
    status: number;
    note: string;
    file: string | null;
  }[];
  metrics: DemoMetric[];
  /** What the shared mail thread and files talk about. */
  mail: {
    /** A cost that makes one month tight: "the oven repair". */
    bigCost: string;
    /** A real public page on hiring the coach points to, and what it is. */
    guideUrl: string;
    guideTitle: string;
  };
  /**
   * The coach's resource library: real public pages and one-page PDFs (the line is the page's text), each
   * shared with all the coach's clients, the demo company or client@ alone.
   */
  library: {
    title: string;
    link?: string;
    file?: { name: string; line: string };
    share: 'all' | 'company' | 'client';
  }[];
  /** The client's price list (CSV, with a header), sent to the coach as "Price list.csv". */
  priceList: string;
  /** Each group lesson's checklist (the shared lessons, seed-groups-data.ts), in this business's words. */
  lessonChecklists: Record<GroupLessonSlug, string[]>;
  /** The coaching business's intake and session-prep forms, in this trade's words (demo-forms.ts). */
  forms: DemoForms;
  /** The tenant's second coach, whose own clients run another business nearby (coach2@, client2@, client3@). */
  secondCoach: {
    coach: DemoPerson & { phone_number: string };
    profile: { bio: string; specialties: string; certifications: string; years_experience: number };
    company: { name: string; industry: string };
    clients: [DemoPerson, DemoPerson];
    /** The agenda of each client's kick-off session, the first working day after the seed time. */
    kickOff: string;
    /** The first client's step, due three working days before the seed time and not started. */
    overdueStep: { title: string; description: string };
    /** The first client's question to the coach, not read yet. */
    message: { subject: string; body: string };
    /** A one-page PDF the coach sent the company (its line is the page's text), with its description. */
    file: { name: string; line: string; description: string };
  };
}

/** The SBA's page on hiring, which the US businesses' coaches point to. */
export const sbaHiringGuide = {
  guideUrl: 'https://www.sba.gov/business-guide/manage-your-business/hire-manage-employees',
  guideTitle: 'the SBA’s guide to hiring and managing employees',
};
