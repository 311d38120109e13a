// Turns ajv's errors into the contract's { error: { field: ["..."] } } body, one entry per offending field.
import type { FastifySchemaValidationError } from 'fastify';

function fieldOf(error: FastifySchemaValidationError, context: string): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.slice(1).replace(/\//g, '.');
  const child = params.missingProperty ?? params.additionalProperty;
  if (typeof child === 'string') return path ? `${path}.${child}` : child;
  return path || context;
}

function messageOf(error: FastifySchemaValidationError): string {
  if (error.keyword === 'required') return 'This field is required.';
  if (error.keyword === 'additionalProperties') return 'This field is not allowed.';
  const text = error.message ?? 'is invalid';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function fieldErrors(
  errors: FastifySchemaValidationError[],
  context: string,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error, context);
    const list = (fields[field] ??= []);
    const message = messageOf(error);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}
