import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { input } from '@inquirer/prompts';
import { printJson, say, type Context } from '../lib/context.js';
import { CliError, EXIT, usageError } from '../lib/errors.js';
import {
  formatReport,
  loadTenants,
  relativePath,
  SLUG_PATTERN,
  type LoadedTenant,
} from '../lib/tenants/index.js';
import { exampleCommand, initFields, type Answers, type InitField } from '../lib/tenants/init-fields.js';
import { placeholderLogo, renderTenantJson } from '../lib/tenants/scaffold.js';
import { flag, text, type RawOptions } from '../lib/options.js';

export interface InitOptions {
  id?: string;
  name?: string;
  domain?: string;
  apiUrl?: string;
  primary?: string;
  address?: string;
  contact?: string;
  yes?: boolean;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): InitOptions {
  return {
    id: text(raw, 'id'),
    name: text(raw, 'name'),
    domain: text(raw, 'domain'),
    apiUrl: text(raw, 'apiUrl'),
    primary: text(raw, 'primary'),
    address: text(raw, 'address'),
    contact: text(raw, 'contact'),
    yes: flag(raw, 'yes'),
    json: flag(raw, 'json'),
  };
}

/** The one kind of prompt init asks; injectable so tests can script the answers. */
export interface Prompts {
  input(question: {
    message: string;
    default?: string;
    validate: (value: string) => true | string;
  }): Promise<string>;
}

export interface InitDeps {
  prompts?: Prompts;
}

/** Real prompts draw on stderr: stdout stays for --json. */
const terminalPrompts = (ctx: Context): Prompts => ({
  input: (question) => input(question, { output: ctx.stderr }),
});

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The tenants already there, for uniqueness and the next free id; none when the folder does not exist yet. */
async function existingTenants(tenantsDir: string): Promise<LoadedTenant[]> {
  try {
    return await loadTenants({ tenantsDir });
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.invalidConfig && !(await exists(tenantsDir)))
      return [];
    throw error;
  }
}

function refuseOverwrite(ctx: Context, slug: string): CliError {
  const shown = relativePath(ctx.cwd, path.join(ctx.tenantsDir, slug));
  return new CliError(`${shown} already exists; \`portal init\` never overwrites a tenant.`, {
    exitCode: EXIT.failure,
    hint: `Choose another slug, or edit ${shown}/tenant.json and run \`portal validate --tenant ${slug}\`.`,
  });
}

/** Flags first: every bad value and (when prompting is not possible) every missing flag, in one message. */
function checkGiven(fields: InitField[], given: Answers, canPrompt: boolean): void {
  const bad = fields.flatMap((field) => {
    const value = given[field.key];
    const problem = value === undefined ? null : field.check(value);
    return problem ? [`${field.flag} ${JSON.stringify(value)}: ${problem}`] : [];
  });
  if (bad.length > 0)
    throw usageError(`Invalid ${bad.length === 1 ? 'value' : 'values'}: ${bad.join('; ')}.`);
  const missing = fields.filter((field) => given[field.key] === undefined && field.fallback === undefined);
  if (!canPrompt && missing.length > 0) {
    throw usageError(
      `Missing ${missing.map((field) => field.flag).join(', ')}: \`portal init\` does not prompt with --yes, in CI or without a terminal.`,
      `Pass them all, for example: ${exampleCommand(given)}`,
    );
  }
}

async function ask(fields: InitField[], given: Answers, prompts: Prompts): Promise<Required<Answers>> {
  const answers: Answers = { ...given };
  for (const field of fields) {
    if (answers[field.key] !== undefined) continue;
    const suggestion = field.fallback ?? field.suggest?.(answers);
    try {
      answers[field.key] = (
        await prompts.input({
          message: field.message,
          ...(suggestion === undefined ? {} : { default: suggestion }),
          validate: (value) => field.check(value.trim()) ?? true,
        })
      ).trim();
    } catch (error) {
      if ((error as Error).name === 'ExitPromptError') throw new CliError('Cancelled: nothing was written.');
      throw error;
    }
  }
  return answers as Required<Answers>;
}

/**
 * `portal init [<slug>] [--id --name --domain --api-url --primary] [--yes]`: scaffolds tenants/<slug>/ from
 * templates/tenant.json.mustache, asking only for what no flag gave, then validates the result.
 */
export async function run(
  options: InitOptions,
  ctx: Context,
  args: string[] = [],
  deps: InitDeps = {},
): Promise<number> {
  const slugArg = args[0];
  if (
    slugArg !== undefined &&
    SLUG_PATTERN.test(slugArg) &&
    (await exists(path.join(ctx.tenantsDir, slugArg)))
  )
    throw refuseOverwrite(ctx, slugArg);
  const existing = await existingTenants(ctx.tenantsDir);
  const fields = initFields(ctx.tenantsDir, existing);
  const given: Answers = {
    slug: slugArg,
    id: options.id,
    name: options.name,
    domain: options.domain,
    apiUrl: options.apiUrl,
    primary: options.primary,
    address: options.address,
    contact: options.contact,
  };
  const canPrompt = ctx.interactive && !options.yes;
  checkGiven(fields, given, canPrompt);
  const answers = canPrompt
    ? await ask(fields, given, deps.prompts ?? terminalPrompts(ctx))
    : ({
        ...Object.fromEntries(fields.map((f) => [f.key, f.fallback])),
        ...definedOnly(given),
      } as Required<Answers>);

  const dir = path.join(ctx.tenantsDir, answers.slug);
  const values = { ...answers, id: Number(answers.id) };
  await mkdir(ctx.tenantsDir, { recursive: true });
  // Not recursive: if the folder appeared meanwhile, this fails instead of writing into it.
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? refuseOverwrite(ctx, answers.slug) : error;
  });
  await writeFile(path.join(dir, 'tenant.json'), await renderTenantJson(values, dir), { flag: 'wx' });
  await writeFile(path.join(dir, 'logo.svg'), placeholderLogo(values.name, values.primary), { flag: 'wx' });

  const [tenant] = await loadTenants({ tenantsDir: ctx.tenantsDir, slugs: [answers.slug] });
  const report = tenant ? formatReport([tenant], { color: ctx.color, codeFrames: false, cwd: ctx.cwd }) : '';
  if (!tenant?.config) {
    // Should not happen (every value was checked); never leave a half-made tenant behind.
    await rm(dir, { recursive: true, force: true });
    if (report) ctx.stderr.write(report);
    throw new CliError('The new tenant did not validate, so nothing was kept.', {
      exitCode: EXIT.invalidConfig,
    });
  }
  const next = `portal build --tenant ${answers.slug}`;
  if (options.json ?? ctx.json) {
    printJson(ctx, { slug: answers.slug, file: relativePath(ctx.cwd, tenant.file), next });
  } else {
    if (report) ctx.stderr.write(`${report}\n`);
    const file = relativePath(ctx.cwd, tenant.file);
    say(ctx, `✔ Created ${file} and logo.svg`);
    if (!answers.address && !answers.contact)
      say(
        ctx,
        `Its mails carry no postal address or contact line yet: add "mail": { "address": "…", "contact": "…" } to ${file} (init takes them as --address and --contact).`,
      );
    // npm start builds, serves and seeds every tenant it finds, each at its own stable address; the API it
    // starts reads tenants/ then, so the first admin can be invited once it runs again.
    const local = `http://${answers.slug}.localhost:4173/`;
    say(
      ctx,
      [
        'Try it locally:',
        `  1. \`npm start\` (stop it first if it runs) builds it and serves it at ${local}`,
        `     (demo logins such as client@${answers.slug}.test, password portal-demo-1).`,
        `  2. \`npx portal admin invite --tenant ${answers.slug} <email> --first-name <name> --last-name <name>\``,
        '     invites its first admin by mail (locally the mail lands in .data/mail/).',
      ].join('\n'),
    );
    say(ctx, `Next, for a release: ${next}`);
  }
  return EXIT.ok;
}

function definedOnly(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
}
