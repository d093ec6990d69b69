import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const workspaces = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).workspaces;

/**
 * The files of every feature module's named faces, a face's folder of parts included (globs: a
 * zone's `from` is all globs or none).
 */
const faces = (...names) =>
  names.flatMap((name) => [
    `./packages/features/src/*/${name}.ts`,
    `./packages/features/src/*/${name}/**`,
  ]);
/** The packages of the engines behind the ports, and the one that picks among them (globs). */
const ENGINES = ['sqlite', 'mongodb', 'kafka', 'meilisearch', 'engines'].map(
  (name) => `./packages/${name}/**`,
);
/** The HTTP framework (its code, or its types where the resolver finds those first). */
const HTTP = ['./node_modules/{koa,koa-*,@koa/*,@types/koa,@types/koa-*,@types/koa__*}/**'];

/**
 * The direction of imports. Libraries (packages/) never import apps, the suites or the tools;
 * apps never import the suites or the tools; and each service stays on its side of the flow:
 * command-api writes events, the projectors turn events into read models, query-api reads the
 * read models. They meet only in the libraries (contracts, platform, features). In the client,
 * components/ is below the features and pages: they import it, never the other way round.
 */
const zones = [
  {
    target: './packages',
    from: ['./apps', './scripts', './tests'],
    message: 'A library imports only other libraries (packages/), never an app, a suite or a tool.',
  },
  {
    // Engine packages build on the platform (each imports @rewear/platform), and only
    // @rewear/engines picks among them: the other way round would be a cycle.
    target: './packages/platform/src',
    from: ENGINES,
    message:
      'The platform is engine-neutral: engines build on it (their packages import @rewear/platform) and only @rewear/engines picks them.',
  },
  {
    target: './apps/*/src',
    from: ['./scripts', './tests'],
    message: 'An app does not import the tools or the suites.',
  },
  {
    target: './apps/command-api/src',
    from: ['./apps/query-api', './apps/projectors', './apps/server', './apps/client'],
    message:
      'command-api decides and appends events; it reads no read model and knows no other app.',
  },
  {
    // The payment port is the edge every order command reaches through the services.
    target: './apps/command-api/src/shared',
    from: ['./apps/command-api/src/!(shared|payments)/**'],
    message:
      "command-api's shared code serves the feature folders and imports none of them: a feature's own piece lives in its folder.",
  },
  {
    target: './apps/query-api/src/shared',
    from: ['./apps/query-api/src/!(shared)/**'],
    message:
      "query-api's shared code serves the feature folders and imports none of them: a feature's own piece lives in its folder.",
  },
  {
    target: './apps/projectors/src',
    from: ['./apps/command-api', './apps/query-api', './apps/server', './apps/client'],
    message:
      'The projectors know events (contracts) and read models (through the feature modules), no other app.',
  },
  {
    target: './apps/query-api/src',
    from: ['./apps/command-api', './apps/projectors', './apps/server', './apps/client'],
    message: 'query-api reads read models through the feature modules; it knows no other app.',
  },
  // A feature module (packages/features/src/<feature>/) has faces the apps mount one by one:
  // its domain is pure; its decider is the command side's and reads no read model; its
  // projection and queries are the read side's and never reach the decider's writes or HTTP.
  {
    target: './packages/features/src/*/domain.ts',
    from: [
      ...faces('decider', 'projection', 'queries'),
      './packages/platform/**',
      ...ENGINES,
      ...HTTP,
    ],
    message: "A feature's domain is pure: no decider, projection or query, no I/O, no HTTP.",
  },
  {
    target: './packages/features/src/*/decider.ts',
    from: [
      ...faces('projection', 'queries'),
      './packages/features/src/shared/read-models*.ts',
      ...HTTP,
    ],
    message:
      "A feature's decider decides from its own events: it reads no read model and knows no HTTP.",
  },
  {
    target: faces('projection', 'queries'),
    // `*` spans `shared/` too: the deciders' kit is the command side's.
    from: [...faces('decider'), ...HTTP],
    message:
      "A feature's projection and queries read events and read models: never its decider's writes, never HTTP.",
  },
  {
    target: './apps/client/src',
    from: ['./apps/command-api', './apps/query-api', './apps/projectors', './apps/server'],
    message: 'The client speaks to the server over HTTP; it shares only @rewear/contracts.',
  },
  {
    target: './apps/client/src/components',
    from: ['./apps/client/src/features', './apps/client/src/pages'],
    message:
      "components/ holds building blocks any feature may use; a piece that needs a feature's state or actions lives in that feature.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.engines/**',
      'artifacts/**',
      'playwright-report/**',
      'test-results/**',
      // Forbidden imports on purpose: linted by their own test (packages/features/test/lint-faces.test.ts).
      'packages/features/test/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Tests read JSON answers of any shape.
    files: ['**/test/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Another package is reached by its name and its index, never by a path into its files.
      'import-x/no-relative-packages': 'error',
    },
  },
  // Each workspace declares what it imports: its sources from its own manifest, its tests and
  // configuration also from the root's development tools.
  ...workspaces.flatMap((dir) => [
    {
      files: [`${dir}/src/**/*.{ts,tsx}`],
      ignores: [`${dir}/src/**/*.test.{ts,tsx}`],
      rules: {
        'import-x/no-extraneous-dependencies': [
          'error',
          { packageDir: [`${root}/${dir}`], devDependencies: false },
        ],
      },
    },
    {
      files: [`${dir}/test/**/*.ts`, `${dir}/src/**/*.test.{ts,tsx}`, `${dir}/*.config.ts`],
      rules: {
        'import-x/no-extraneous-dependencies': [
          'error',
          { packageDir: [`${root}/${dir}`, root], devDependencies: true },
        ],
      },
    },
  ]),
);
