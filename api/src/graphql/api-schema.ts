// The whole /gapi schema in one place: index.ts serves it, `npm run graphql:types` writes the resolvers' types
// from it (schema-types.ts) and scripts/app-graphql.test.ts checks the app's documents against it, so the
// three cannot drift apart.
import { buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { groupTypeDefs } from './groups.js';
import { lessonMeetingTypeDefs } from './lesson-meetings.js';
import { mailboxTypeDefs } from './mailbox.js';
import { typeDefs } from './schema.js';

export const apiTypeDefs = [typeDefs, lessonMeetingTypeDefs, mailboxTypeDefs, groupTypeDefs];

/** The schema as mercurius builds it from the same type definitions (joined, then graphql's buildSchema). */
export const buildApiSchema = (): GraphQLSchema => buildSchema(apiTypeDefs.join('\n'));
