/** Runs command-api alone (distributed topology), with the same configuration as the one-process server. */
export {};
process.argv.push('--role', 'command-api');
await import('./main.ts');
