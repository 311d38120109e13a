import type { Context } from '../lib/context.js';
import { CliError } from '../lib/errors.js';

export async function run(_options: Record<string, unknown>, _ctx: Context): Promise<number> {
  throw new CliError('`portal list` is not implemented yet.');
}
