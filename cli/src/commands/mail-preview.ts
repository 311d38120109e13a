// `portal mail preview --tenant <slug> [kind...]`: renders a tenant's mails with sample values (its own templates
// where it has them, the brand of its tenant.json) into <out>/<slug>/<kind>.html and .txt, so an ops person can
// open them before a release (`portal serve` serves the default folder under /_mail/). The files written are the result (stdout); a tenant whose config or templates are invalid is reported and nothing is written (exit 3).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mailBrand } from '../../../contracts/mail/mail-brand.js';
import { isMailKind, MAIL_KINDS, mailKinds, type MailKind } from '../../../contracts/mail/mail-kinds.js';
import { loadMailTemplates, renderMail } from '../../../contracts/mail/render-mail.js';
import { print, printJson, say, type Context } from '../lib/context.js';
import { CliError, EXIT, usageError } from '../lib/errors.js';
import { flag, text, type RawOptions } from '../lib/options.js';
import { MAIL_PREVIEW_DIR, MAIL_PREVIEW_SEGMENT } from '../lib/site-layout.js';
import { didYouMean } from '../../../contracts/suggest.js';
import { formatReport, loadTenants, relativePath } from '../lib/tenants/index.js';

export interface MailPreviewOptions {
  tenant?: string;
  out?: string;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): MailPreviewOptions {
  return { tenant: text(raw, 'tenant'), out: text(raw, 'out'), json: flag(raw, 'json') };
}

function kindsOf(args: string[]): MailKind[] {
  for (const arg of args) {
    if (!isMailKind(arg)) {
      const guess = didYouMean(arg, mailKinds);
      throw usageError(
        `There is no mail "${arg}"${guess ? `: did you mean "${guess}"?` : '.'}`,
        `The mails are: ${mailKinds.join(', ')}.`,
      );
    }
  }
  return args.length ? [...new Set(args as MailKind[])] : mailKinds;
}

export async function run(options: MailPreviewOptions, ctx: Context, args: string[]): Promise<number> {
  if (!options.tenant)
    throw usageError('Name the tenant with --tenant <slug>.', 'portal mail preview --tenant acme');
  const kinds = kindsOf(args);
  const [tenant] = await loadTenants({ tenantsDir: ctx.tenantsDir, slugs: [options.tenant] });
  if (!tenant?.config) {
    if (tenant)
      ctx.stderr.write(
        `${formatReport([tenant], { color: ctx.color, codeFrames: ctx.color, cwd: ctx.cwd })}\n`,
      );
    throw new CliError(`${options.tenant} has errors: no mail was rendered.`, {
      exitCode: EXIT.invalidConfig,
    });
  }
  const out = path.resolve(ctx.cwd, options.out ?? MAIL_PREVIEW_DIR, tenant.slug);
  const mail = {
    brand: mailBrand(tenant.config),
    templates: loadMailTemplates(path.join(tenant.dir, 'mail')),
  };
  await mkdir(out, { recursive: true });
  const written = [];
  for (const kind of kinds) {
    const rendered = renderMail(mail, kind, MAIL_KINDS[kind].sample as never);
    const html = path.join(out, `${kind}.html`);
    const txt = path.join(out, `${kind}.txt`);
    await writeFile(html, rendered.html);
    await writeFile(txt, `Subject: ${rendered.subject}\n\n${rendered.text}`);
    written.push({
      kind,
      subject: rendered.subject,
      html: relativePath(ctx.cwd, html),
      text: relativePath(ctx.cwd, txt),
    });
  }
  if (options.json ?? ctx.json) {
    printJson(ctx, { tenant: tenant.slug, dir: relativePath(ctx.cwd, out), mails: written });
    return EXIT.ok;
  }
  for (const mail of written) print(ctx, `${mail.html}  ${mail.text}  ${mail.subject}`);
  say(
    ctx,
    `✔ ${written.length} mail${written.length === 1 ? '' : 's'} of ${tenant.slug} in ${relativePath(ctx.cwd, out)}`,
  );
  say(ctx, 'Open the .html files in a browser; each .txt file is the text part its mail carries.');
  if (!options.out)
    say(
      ctx,
      `\`portal serve\` serves them at its storage address, under /${MAIL_PREVIEW_SEGMENT}/${tenant.slug}/.`,
    );
  return EXIT.ok;
}
