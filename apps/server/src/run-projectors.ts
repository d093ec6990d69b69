/** Runs projectors alone (distributed topology), with the same configuration as the one-process server. */
export {};
process.argv.push('--role', 'projectors');
await import('./main.ts');
