/**
 * Debian's Chromium and the flags it needs on these machines (no sandbox in containers, no GPU,
 * nothing that reaches the network on its own). Playwright's own browser download cannot work offline.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
