#!/usr/bin/env node
// The `portal` CLI entry. It runs the CLI compiled to JavaScript (cli/build-cli.js: built at `npm ci`, and again
// here whenever a source changed since), so a start costs node and the command's own imports, not tsx
// compiling TypeScript each time.
import { buildCli, compiledCli } from '../cli/build-cli.js';

// The bundle's source maps cost a read and a parse at every start: only a stack trace for --debug needs them.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
await import(compiledCli() ?? (await buildCli()));
