/**
 * The `portal` command table: every command, flag and description in one place. Each command's code lives in
 * src/commands/<name>.ts and is imported only when that command runs, so `portal --help` stays fast.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { createContext, parseGlobalOptions, REPO_ROOT, type Context } from './lib/context.js';
import { EXIT, formatError, USAGE_HINT, usageError } from './lib/errors.js';
import type { RawOptions } from './lib/options.js';

// `portal --help | head` closes stdout early: that is the reader's choice, not a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// No default list: commander would print "(default: [])" in the help; the commands read a missing list as empty.
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const positiveInt =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1)
      throw usageError(`${name} must be a whole number above 0, got "${value}".`);
    return n;
  };

/** The CLI ships inside the project: its version is package.json's, read without loading anything heavy. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}

const program = new Command('portal')
  .description(
    'Validate, build, publish and preview the branded builds of the coaching portal, one per tenant.',
  )
  .option('--tenants-dir <dir>', 'folder holding one folder per tenant', undefined)
  .option('--json', 'print machine-readable results on stdout')
  .option('--debug', 'print stack traces for unexpected errors')
  .option('--no-color', 'no colour or animation in the output')
  .version(packageVersion(), '-V, --version', "print the CLI's version")
  .showHelpAfterError(USAGE_HINT)
  // Every subcommand's --help lists the flags that work with it, the global ones included.
  .configureHelp({ showGlobalOptions: true })
  .exitOverride();

/** What each src/commands/<name>.ts exports: its own option type, parsed from commander's values, and run. */
interface CommandModule<Options> {
  parseOptions: (raw: RawOptions) => Options;
  run: (options: Options, ctx: Context, args: string[]) => Promise<number | void>;
}

/** Runs a command module with the global options folded into its context. */
function action<Options>(load: () => Promise<CommandModule<Options>>) {
  // Commander calls the action with the command as `this`; its operands (init's slug) are in this.args.
  return async function (this: Command): Promise<void> {
    const global = parseGlobalOptions(this.optsWithGlobals());
    // The libraries the command loads (Vite, ora) read NO_COLOR, not our flag: --no-color must reach them too.
    if (global.color === false) process.env.NO_COLOR = '1';
    const ctx = createContext(global);
    const { parseOptions, run } = await load();
    const code = await run(parseOptions({ ...this.opts(), json: global.json }), ctx, this.args);
    process.exitCode = typeof code === 'number' ? code : EXIT.ok;
  };
}

program
  .command('list')
  .description('list the tenants with id, name, domain and whether a current build exists')
  .option('--out <dir>', 'build output folder to look in', 'dist')
  .action(action(() => import('./commands/list.js')));

program
  .command('validate')
  .description('check tenant configs against the schemas, asset files, uniqueness and colour contrast')
  .option('--tenant <slug>', 'a tenant to check (repeatable; default: every tenant)', collect)
  .option('--strict', 'treat warnings (such as low colour contrast) as errors')
  .option(
    '--out <dir>',
    'build output folder whose stamps settle which tenant of an id or domain clash is at fault',
    'dist',
  )
  .addHelpText(
    'after',
    '\nExamples:\n  portal validate\n  portal validate --tenant acme --strict\n  portal validate --json > report.json',
  )
  .action(action(() => import('./commands/validate.js')));

program
  .command('init')
  .argument('[slug]', 'folder name of the new tenant, such as "acme"')
  .description('scaffold tenants/<slug>/tenant.json, asking only for what no flag gave')
  .option('--id <id>', 'fixed tenant id (1..2147483647)')
  .option('--name <name>', 'product name shown in the footer and title')
  .option('--domain <host>', 'brand domain, such as portal.acme.com')
  .option('--api-url <url>', 'product API base URL (default "/": the same origin)')
  .option('--primary <colour>', 'primary brand colour, such as "#14143f"')
  .option('--address <text>', "postal address in every mail's footer (mail.address)")
  .option('--contact <text>', "how to reach the business in every mail's footer (mail.contact)")
  .option('-y, --yes', 'never prompt: fail naming any missing flag')
  .addHelpText(
    'after',
    '\nExamples:\n  portal init acme\n  portal init acme --id 42 --name "Acme Coaching" --domain portal.acme.com --yes\n  portal init acme --id 42 --name "Acme Coaching" --domain portal.acme.com --api-url https://api.acme.com --yes',
  )
  .action(action(() => import('./commands/init.js')));

program
  .command('build')
  .description('build the shared app once and bake a self-contained site per tenant into dist/<slug>/')
  .option('--tenant <slug>', 'a tenant to build (repeatable)', collect)
  .option('--all', 'build every tenant')
  .option('--shard <k/n>', 'with --all: only shard k of n (a stable split by slug, for a CI matrix)')
  .option('--out <dir>', 'output folder', 'dist')
  .option('--app-version <semver>', "version to bake (default: package.json's version)")
  .option('--force', 'compile the app even when the cache is current')
  .option(
    '--print-compile-hash',
    "print the compile's cache key (app sources, lockfile, build config, version) and build nothing",
  )
  .addHelpText(
    'after',
    '\nExamples:\n  portal build --tenant acme\n  portal build --all --app-version 7.3.0 --json\n  portal build --all --shard 2/4',
  )
  .action(action(() => import('./commands/build.js')));

program
  .command('publish')
  .description('upload built tenants: assets, then theme files, then index.html, meta.json last')
  .option('--tenant <slug>', 'a tenant to publish (repeatable)', collect)
  .option('--all', 'publish every tenant')
  .option('--shard <k/n>', 'with --all: only shard k of n (a stable split by slug, for a CI matrix)')
  .option('--to <url>', 's3://bucket/prefix or a folder (default: .portal/storage)')
  .option('--endpoint <url>', 'S3-compatible endpoint (path-style addressing); also AWS_ENDPOINT_URL_S3')
  .option('--out <dir>', 'build output folder to publish from', 'dist')
  .option('--dry-run', 'print the plan (key, action, size, headers) and write nothing')
  .option(
    '--shared-assets',
    'upload the hashed assets once to assets/ beside sites/, for a CDN serving /assets/* of every origin there',
  )
  .addOption(
    new Option('--concurrency <n>', 'uploads in flight at once')
      .default(8)
      .argParser(positiveInt('--concurrency')),
  )
  .addOption(
    new Option('--retries <n>', 'retries of a file after a 5xx, throttling or a timeout')
      .default(4)
      .argParser(positiveInt('--retries')),
  )
  .addOption(
    new Option('--request-timeout <ms>', 'time limit of one storage request before it is retried')
      .default(30000)
      .argParser(positiveInt('--request-timeout')),
  )
  .addHelpText(
    'after',
    '\nExamples:\n  portal publish --tenant acme\n  portal publish --all --to s3://portal-sites/prod --dry-run\n  portal publish --all --shard 2/4 --to s3://portal-sites/prod',
  )
  .action(action(() => import('./commands/publish.js')));

program
  .command('status')
  .description("compare each tenant's built version (dist/<slug>/) with the version live in storage")
  .option('--to <url>', "s3://bucket/prefix or a folder to read from (default: each tenant's publish target)")
  .option('--endpoint <url>', 'S3-compatible endpoint (path-style addressing); also AWS_ENDPOINT_URL_S3')
  .option('--out <dir>', 'build output folder to read the built versions from', 'dist')
  .addHelpText(
    'after',
    '\nExit 5 when any tenant is not live at its built version.\n\nExamples:\n  portal status\n  portal status --to s3://portal-sites/prod --json',
  )
  .action(action(() => import('./commands/status.js')));

program
  .command('serve')
  .description(
    'preview published tenants locally, each at http://<slug>.localhost:<port>/ on one port, with the API proxied',
  )
  .option('--tenant <slug>', 'only this tenant (repeatable)', collect)
  .addOption(
    new Option('--port <n>', 'the port (with --per-port, the first one)')
      .default(4173)
      .argParser(positiveInt('--port')),
  )
  .option(
    '--per-port',
    'a port per tenant in slug order instead, for clients that do not resolve *.localhost',
  )
  .option('--storage <dir>', 'published storage folder', '.portal/storage')
  .option(
    '--api <url>',
    'API to proxy /api, /gapi, /sanctum, /upload, /delete, /integrations and /integration to',
    'http://127.0.0.1:8080',
  )
  .addHelpText(
    'after',
    '\nExamples:\n  portal serve\n  portal serve --tenant acme --port 5000 --api http://127.0.0.1:8080\n  portal serve --per-port',
  )
  .action(action(() => import('./commands/serve.js')));

program
  .command('mail')
  .description("the tenants' mail")
  .command('preview')
  .argument('[kind...]', 'mails to render, such as otp or reset (default: every one)')
  .description(
    "render a tenant's mails with sample values into HTML and text files, to look at before a release",
  )
  .option('--tenant <slug>', 'the tenant whose mails to render')
  .option('--out <dir>', 'folder to write <slug>/<kind>.html and .txt into', '.portal/mail-preview')
  .addHelpText(
    'after',
    '\nExamples:\n  portal mail preview --tenant acme\n  portal mail preview --tenant acme otp reset --json',
  )
  .action(action(() => import('./commands/mail-preview.js')));

program
  .command('admin')
  .description("a tenant's admins, through the API's operator token (PORTAL_OPS_TOKEN)")
  .command('invite')
  .argument('[email]', "the new admin's email address")
  .description(
    "invite a tenant's admin (a new tenant's first one) by mail to set a password; safe to run again",
  )
  .option('--tenant <slug>', 'the tenant the admin runs')
  .option('--first-name <name>', "the admin's first name")
  .option('--last-name <name>', "the admin's last name")
  .option('--api <url>', 'the API to call (default: PORTAL_API_URL, else http://127.0.0.1:8080)')
  .addHelpText(
    'after',
    [
      '',
      "The token: PORTAL_OPS_TOKEN, the API's OPS_TOKEN (at least 32 characters, such as `openssl rand -base64 32`",
      'prints). For the API `npm start` runs on this machine none is needed: it keeps one in .data/ops-token.',
      'The API must serve the tenant: it reads tenants/ when it starts, so restart it after `portal init`.',
      'A pending admin is invited again, an active one left alone; a person of another role keeps it.',
      'Exit codes: 0 invited (or already an admin), 1 refused, 2 usage, 3 invalid tenant config, 4 token refused.',
      '',
      'Examples:',
      '  portal admin invite --tenant newco ada@newco.com --first-name Ada --last-name Lovelace',
      '  PORTAL_OPS_TOKEN=... portal admin invite --tenant newco ada@newco.com --first-name Ada --last-name Lovelace --api https://api.example.com --json',
    ].join('\n'),
  )
  .action(action(() => import('./commands/admin-invite.js')));

const people = program
  .command('people')
  .description("a tenant's people, through its integration API (the key in PORTAL_API_KEY)");

people
  .command('import')
  .argument('<file>', 'CSV file: a header line naming the columns, then one person a line')
  .description(
    'create or update people by email from a CSV file (columns: email, first_name, last_name, role, company, coach_email, time_zone)',
  )
  .option('--tenant <slug>', 'the tenant to import into (its key must be the one in PORTAL_API_KEY)')
  .option('--dry-run', 'print what would be created, changed or left alone, and write nothing')
  .option('--invite', 'mail each new person an invitation to set their password')
  .option('--api <url>', 'the API to call (default: PORTAL_API_URL, else http://127.0.0.1:8080)')
  .addHelpText(
    'after',
    [
      '',
      'The key: PORTAL_API_KEY, a read-write API key an admin makes under API keys (/admin/api-keys).',
      'The whole file is checked before anything is written: every bad row is reported at once as',
      'file:line:column (columns counted in fields), and nothing is imported while one is bad. An empty',
      'cell leaves that field as it is; a second run of the same file changes nothing.',
      'Exit codes: 0 done, 1 bad rows, 2 usage, 4 key refused, 5 some rows failed during the import.',
      '',
      'Examples:',
      '  PORTAL_API_KEY=pk_live_... portal people import --tenant acme people.csv --dry-run',
      '  PORTAL_API_KEY=pk_live_... portal people import --tenant acme people.csv --invite',
      '  portal people import --tenant acme people.csv --api https://api.example.com --json',
    ].join('\n'),
  )
  .action(action(() => import('./commands/people-import.js')));

// Read from argv rather than from commander: a failure can come before (or from) the parsing of the flags.
const json = process.argv.includes('--json');
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are not failures; commander already printed its own message for usage errors.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (json && error.exitCode !== 0) {
      const message = error.message.replace(/^error: /, '');
      process.stdout.write(`${JSON.stringify(formatError(usageError(message), false).json)}\n`);
    }
  } else {
    const { text, exitCode, json: asJson } = formatError(error, process.argv.includes('--debug'));
    if (text) process.stderr.write(`${text}\n`);
    // --json replaces stdout's content, a failure included: a script reads why, not an empty stream.
    if (json) process.stdout.write(`${JSON.stringify(asJson)}\n`);
    process.exitCode = exitCode;
  }
}
