// The part of the /gapi schema the page shell needs (SPEC §7): the member and the unread-mail count; the
// mailbox (mailbox.ts) and lesson meetings add their own types.
import { flagsSchema } from '../../../contracts/flags.js';
import { FLAG_NAMES } from '../../../contracts/training-flags.js';

// Trainings has a field per flag of contracts/flags.schema.json, described as the schema describes it.
const trainingFields = FLAG_NAMES.map(
  (flag) => `${JSON.stringify(flagsSchema.$defs.flags.properties[flag].description)}\n    ${flag}: Boolean!`,
).join('\n    ');

export const typeDefs = /* GraphQL */ `
  type Trainings {
    ${trainingFields}
  }

  type Member {
    id: Int!
    first_name: String!
    last_name: String!
    email: String!
    company: String
    company_id: Int
    website: String
    role_id: Int!
    profile_pic: String
    title: String
    location: String
    time_zone: String
    phone_number: String
    birthday: String
    facebook: String
    twitter: String
    linkedin: String
    trainings: Trainings!
  }

  type Query {
    "The signed-in member; any other user_id is refused (403)."
    member(user_id: Int!): Member!
    "How many of the member's mailbox messages are unread."
    unreademails(user_id: Int!): Int!
  }
`;
