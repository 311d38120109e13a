/**
 * Debian's Chromium, never a downloaded build, for the browser tests and npm run lighthouse. The flags keep it
 * from reaching for the network at start (this machine only allows 127.0.0.1).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
