import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Services } from '../services/index.js';

/** One entry of the route table: its schema, who may call it, and the handler. */
export interface RouteSpec {
  schema: FastifySchema;
  config?: FastifyContextConfig;
  /** Unauthenticated calls that cost a password check or a mail get the per-IP flood guard. */
  limited?: boolean;
  handle(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}
