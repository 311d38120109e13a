// The services' refusals as GraphQL errors with the REST status and the same message (and field).
import mercurius from 'mercurius';
import { FieldError, HttpError } from '../errors.js';

export async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FieldError) {
      const [field = 'input', [message = error.message] = []] = Object.entries(error.fields)[0] ?? [];
      throw new mercurius.ErrorWithProps(message, { code: 'BAD_USER_INPUT', field }, 422);
    }
    if (error instanceof HttpError && error.statusCode < 500)
      throw new mercurius.ErrorWithProps(
        error.message,
        { code: error.statusCode === 403 ? 'FORBIDDEN' : 'NOT_FOUND' },
        error.statusCode,
      );
    throw error;
  }
}
