// The route table: every REST path the API answers, in SPEC §7's order and spelling, in one place.
// GraphQL (/gapi) is registered separately in ../graphql.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Services } from '../services/index.js';
import * as auth from './auth-routes.js';
import * as password from './password-routes.js';
import type { RouteSpec } from './route.js';
import * as system from './system-routes.js';

const table: [HTTPMethods, string, RouteSpec][] = [
  ['GET', '/health', system.health],
  // Auth
  ['GET', '/sanctum/csrf-cookie', system.csrfCookie],
  ['POST', '/api/auth/studentlogin', auth.studentLogin],
  ['GET', '/api/auth/logout', auth.logout],
  ['POST', '/api/auth/loginotp', auth.loginOtp],
  ['POST', '/api/auth/loginotpfbs', auth.loginOtpFbs],
  ['POST', '/api/auth/fbslogin', auth.fbsLogin],
  ['POST', '/api/auth/generateOTP', auth.generateOtp],
  ['POST', '/api/v1/verifyOTP', auth.verifyOtp],
  ['POST', '/api/auth/verifyRecaptchaToken', auth.verifyRecaptcha],
  ['POST', '/api/password/create', password.createReset],
  ['POST', '/api/password/reset', password.resetPassword],
  // The signed-in user (not in SPEC §7: the profile a REST client can re-read after login).
  ['GET', '/api/v1/me', auth.me],
];

export interface RouteOptions {
  /** Requests per minute per IP to each limited route. */
  authRequestsPerMinute: number;
}

export function registerRoutes(app: FastifyInstance, services: Services, options: RouteOptions): void {
  for (const [method, url, spec] of table) {
    const rateLimit = spec.limited ? { max: options.authRequestsPerMinute, timeWindow: 60_000 } : undefined;
    app.route({
      method,
      url,
      schema: spec.schema,
      config: { ...spec.config, ...(rateLimit && { rateLimit }) },
      handler: (request, reply) => spec.handle(services, request, reply),
    });
  }
}
