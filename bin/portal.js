#!/usr/bin/env node
// The `portal` CLI entry. The CLI is written in TypeScript and runs straight from source through tsx's
// loader, so `npx portal` works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/src/index.ts');
