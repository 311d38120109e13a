// The `portal` CLI compiled to JavaScript: esbuild bundles src/index.ts and what it imports from contracts/ into
// cli/dist/<digest>/ (one chunk per lazily imported command, npm packages left as imports), so a run starts node
// on plain JavaScript instead of registering tsx and compiling TypeScript on every start (0.2 s of CPU here).
// Plain JavaScript itself, for the same reason: bin/portal.js reads it before anything is compiled.
//
// dist/stamp.json names the current build and each file esbuild read with its mtime and size at the read:
// `compiledCli()` only stats those files (no esbuild, no hashing), and any difference (a file edited, checked
// out, deleted) means a rebuild. `npm ci` builds once (postinstall); a later edit is built at the next run.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'cli', 'dist');
const STAMP = path.join(DIST, 'stamp.json');
const ENTRY = 'portal.mjs';
// Inputs esbuild's metafile does not list but the output depends on: this file (the build's options), the
// compiler's version and the TypeScript settings it reads.
const BUILD_INPUTS = ['cli/build-cli.js', 'node_modules/esbuild/package.json', 'tsconfig.json'];
// A folder that a build still writing owns; left behind only by a build that was killed.
const TEMP_PREFIX = '.tmp-';
const ABANDONED_MS = 60 * 60 * 1000;

/** mtime and size: what an edit, a checkout or a restore changes. A missing file reads as null. */
function fileState(rel) {
  const stats = statSync(path.join(ROOT, rel), { throwIfNoEntry: false });
  return stats ? `${stats.mtimeMs}:${stats.size}` : null;
}

/** The compiled entry's URL when the stamp's build exists and no input changed since; otherwise null. */
export function compiledCli() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
  for (const [rel, state] of Object.entries(stamp.inputs)) if (fileState(rel) !== state) return null;
  const entry = path.join(DIST, stamp.build, ENTRY);
  return statSync(entry, { throwIfNoEntry: false }) ? pathToFileURL(entry).href : null;
}

/**
 * Reads each of our own sources for esbuild, noting its mtime and size as read (a file saved during the build
 * then differs from its stamp and is built again at the next run), and rewrites `import.meta.url` in it to that
 * source's own URL, worked out from the output folder's (always cli/dist/<digest>/): the code that finds the
 * repository or the mail templates from its own place keeps finding them, in the checkout wherever it is.
 */
function ownSources(states) {
  return {
    name: 'own-sources',
    setup(build) {
      build.onLoad({ filter: /\.(ts|json)$/ }, (args) => {
        const rel = path.relative(ROOT, args.path).split(path.sep).join('/');
        states[rel] = fileState(rel);
        const source = readFileSync(args.path, 'utf8');
        if (args.path.endsWith('.json')) return { contents: source, loader: 'json' };
        const fromOutput = path.posix.relative('cli/dist/x', rel);
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** Builds the CLI into cli/dist/<digest of the output>/ and points the stamp at it; returns the entry's URL. */
export async function buildCli() {
  const { build } = await import('esbuild');
  const inputs = {};
  for (const rel of BUILD_INPUTS) inputs[rel] = fileState(rel);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { portal: 'cli/src/index.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // npm packages stay imports, resolved from node_modules at run time: the bundle holds only our own code.
    packages: 'external',
    outdir: 'cli/dist/x',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    // Read only when `--debug` turns source maps on (bin/portal.js): stack traces then name the .ts lines.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [ownSources(inputs)],
  });
  const digest = createHash('sha256');
  for (const file of result.outputFiles) digest.update(path.basename(file.path)).update(file.contents);
  const name = digest.digest('hex').slice(0, 16);
  const folder = path.join(DIST, name);

  // Written beside, then renamed into place whole: another process may be starting from this folder, or building
  // the same one at the same moment (CLI tests start several at once).
  const temp = path.join(DIST, `${TEMP_PREFIX}${process.pid}-${Date.now()}`);
  mkdirSync(temp, { recursive: true });
  for (const file of result.outputFiles)
    writeFileSync(path.join(temp, path.basename(file.path)), file.contents);
  try {
    renameSync(temp, folder);
  } catch (error) {
    // Another build of the same output got there first: its folder is this one, byte for byte.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    rmSync(temp, { recursive: true, force: true });
  }

  // A file esbuild read without the plugin (none today) is stamped as it is now.
  for (const rel of Object.keys(result.metafile.inputs)) inputs[rel] ??= fileState(rel);
  const stampTemp = `${STAMP}.${process.pid}`;
  writeFileSync(stampTemp, `${JSON.stringify({ build: name, inputs }, null, 1)}\n`);
  renameSync(stampTemp, STAMP);
  sweep(name);
  return pathToFileURL(path.join(folder, ENTRY)).href;
}

/**
 * Removes older builds but the two newest: a process started from one (a long `portal serve`, or a run that
 * began while another process rebuilt) still imports its chunks as commands run. Temporary folders go only once
 * abandoned: a younger one is a build in progress.
 */
function sweep(current) {
  const builds = [];
  for (const entry of readdirSync(DIST, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === current) continue;
    const folder = path.join(DIST, entry.name);
    const age = Date.now() - statSync(folder).mtimeMs;
    if (!entry.name.startsWith(TEMP_PREFIX)) builds.push({ folder, age });
    else if (age > ABANDONED_MS) rmSync(folder, { recursive: true, force: true });
  }
  builds.sort((a, b) => a.age - b.age);
  for (const { folder } of builds.slice(2)) rmSync(folder, { recursive: true, force: true });
}

// `node cli/build-cli.js` (npm's postinstall): build now, so the first `portal` run starts at once.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildCli();
