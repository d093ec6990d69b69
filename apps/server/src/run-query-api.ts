/** Runs query-api alone (distributed topology), with the same configuration as the one-process server. */
export {};
process.argv.push('--role', 'query-api');
await import('./main.ts');
