import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const restrict = (patterns) => ['error', { patterns }];

const WEB_BOUNDARY = [
  { group: ['**/server/**', '../server', '../../server'], message: 'src/web never imports src/server.' },
  { group: ['node:*', 'fastify', 'pg', 'drizzle-orm*'], message: 'src/web runs in the browser.' },
  {
    regex: '^zod(/.*)?$',
    message: "Take z from src/core/zod.ts: it sets zod's jitless mode before any schema is built (the pages' CSP forbids eval).",
  },
];
const ZOD_CONFIGURED = {
  regex: '^zod(/.*)?$',
  message: "Take z from src/core/zod.ts: it sets zod's jitless mode before any schema is built (the pages' CSP forbids eval).",
};
const SERVER_BOUNDARY = {
  group: ['**/web/**', '../web', '../../web'],
  message: 'src/server never imports src/web (it serves the built files).',
};

/** One config per service domain folder: the domains it may not import, plus what no service may import. */
function serviceDomains(allowed) {
  const domains = Object.keys(allowed);
  const folders = fs
    .readdirSync(new URL('./src/server/services/', import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const unlisted = folders.filter((f) => !domains.includes(f));
  if (unlisted.length)
    throw new Error(`eslint.config.js: give services/${unlisted.join(', services/')} its one-way edges in serviceDomains`);
  return domains.map((domain) => {
    const others = domains.filter((d) => d !== domain && !allowed[domain].includes(d));
    return {
      files: [`src/server/services/${domain}/**`],
      rules: {
        'no-restricted-imports': restrict([
          SERVER_BOUNDARY,
          {
            group: ['fastify', 'fastify/*', '@fastify/*', '**/routes/**', '**/http/**'],
            message: 'Services take plain data, not requests: HTTP parsing lives in src/server/http, routes call services.',
          },
          ...(others.length
            ? [
                {
                  group: others.flatMap((d) => [`../${d}/*`, `**/services/${d}/*`]),
                  message: `services/${domain} may import only ${['core', 'db and drivers', ...allowed[domain]].join(', ')} (docs/decisions/0018-slice-shape.md).`,
                },
              ]
            : []),
        ]),
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['build/', 'build-*/', 'node_modules/', '.react-router/', 'data/', 'src/server/db/migrations/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // The everyday rules: hooks called in order with their dependencies named, and no import cycle anywhere
  // (a cycle makes the order modules run in depend on who imported first).
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Import boundaries (../shared/STYLE.md): core is pure and shared; web and server never import each other.
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**', '../server', '../web'], message: 'src/core imports neither src/server nor src/web.' },
        {
          group: ['react', 'react-dom', 'react-router', 'fastify', 'node:*', 'pg', 'drizzle-orm*'],
          message: 'src/core is pure: no I/O, no React, no Node APIs.',
        },
        ZOD_CONFIGURED,
      ]),
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': restrict(WEB_BOUNDARY),
    },
  },
  // Public pages load no login-area code (decision 0018): their few calls are in src/web/api/public.ts.
  {
    files: [
      'src/web/routes/public/**',
      'src/web/components/layout/public-layout.tsx',
      'src/web/components/layout/nav-bar.tsx',
      'src/web/components/layout/footer.tsx',
    ],
    rules: {
      'no-restricted-imports': restrict([
        ...WEB_BOUNDARY,
        {
          group: ['**/api/*', '!**/api/public', '!**/api/public-payments'],
          message: "Public pages use src/web/api/public.ts (and public-payments.ts), not the login area's client.",
        },
        {
          group: [
            '**/lib/session',
            '**/lib/route-data',
            '**/routes/account/**',
            '**/routes/author/**',
            '**/routes/editor/**',
            '**/routes/reviewer/**',
            '../account/**',
            '../author/**',
            '../editor/**',
            '../reviewer/**',
            '**/components/layout/app-layout',
            '**/components/layout/role-switch',
          ],
          message: 'Public pages load no login-area code.',
        },
      ]),
    },
  },
  // Island scripts run on the public pages without a framework (decision 0030): no React, no router,
  // nothing of the login area.
  {
    files: [
      'src/web/islands/**',
      'src/web/**/*.island.ts',
      'src/web/lib/islands.ts',
      'src/web/lib/dom.ts',
      'src/web/components/layout/menu-overlay.ts',
      'src/web/components/play-pause.ts',
      'src/web/components/avatar-element.ts',
      'src/web/routes/public/contact-toast.ts',
    ],
    rules: {
      'no-restricted-imports': restrict([
        ...WEB_BOUNDARY,
        {
          group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'sonner'],
          message: 'Islands are plain TypeScript: no framework.',
        },
        {
          group: ['**/api/*', '!**/api/public', '!**/api/public-payments'],
          message: "Public pages use src/web/api/public.ts (and public-payments.ts), not the login area's client.",
        },
        {
          group: [
            '**/lib/session',
            '**/lib/route-data',
            '**/routes/account/**',
            '**/routes/author/**',
            '**/routes/editor/**',
            '**/routes/reviewer/**',
            '../account/**',
            '../author/**',
            '../editor/**',
            '../reviewer/**',
            '**/components/layout/app-layout',
            '**/components/layout/role-switch',
          ],
          message: 'Public pages load no login-area code.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([SERVER_BOUNDARY]),
    },
  },
  // Services: no HTTP (requests are parsed in src/server/http), no routes, and domain folders import each other
  // only along one-way edges. A folder is named after the contract table it serves (decision 0058);
  // each entry lists what the folder may import besides core, db and the drivers.
  ...serviceDomains({
    shared: [],
    // Decision 0071: a password reset ends the account's sessions.
    sessions: ['shared'],
    accounts: ['shared', 'sessions'],
    // Decision 0070: every way in ends in the sign-in gate, which issues the session's token; a provider's new account takes the account lock.
    signin: ['shared', 'sessions', 'accounts'],
    site: ['shared'],
    conference: ['shared'],
    // Editions (decision 0060) stand on the settings of each edition; every other domain is unaware of them.
    editions: ['shared', 'programme', 'proceedings'],
    phase: ['shared'],
    // The first steps ask whether the proceedings are published (decision 0061).
    'editor-desk': ['shared', 'proceedings'],
    // Money: seats are held by registrations, registrations priced and paid, payments issue receipts.
    workshops: ['shared'],
    registrations: ['shared', 'workshops'],
    receipts: ['shared'],
    payments: ['shared', 'registrations', 'receipts'],
    attendees: ['shared'],
    'visa-letters': ['shared'],
    // Papers know whether they are registered (a paper's JSON) and read their reviews' summary, never the review writes.
    submissions: ['shared', 'registrations'],
    tracks: ['shared', 'submissions'],
    assignment: ['shared', 'submissions', 'tracks'],
    review: ['shared', 'submissions', 'tracks'],
    'review-form': ['shared', 'submissions'],
    'review-quality': ['shared'],
    'review-desk': ['shared', 'submissions', 'tracks'],
    deliberation: ['shared', 'submissions', 'review'],
    discussion: ['shared', 'submissions', 'tracks', 'review'],
    // A paper's public page names its slot in the published programme (decision 0061).
    proceedings: ['shared', 'tracks', 'programme'],
    programme: ['shared', 'registrations'],
    'programme-documents': ['shared', 'programme'],
    awards: ['shared'],
    // Mail to a group reads its groups from papers, tracks, missing reviews and who is registered (decision 0056).
    'bulk-mail': ['shared', 'submissions', 'tracks', 'review-desk', 'registrations'],
    // Notification settings, unsubscribe links and daily digests stand alone (core, db and the mail driver).
    'mail-preferences': [],
    // A preview fills a decision mail's reviews and the response window's dates as those mails do.
    'mail-templates': ['shared', 'submissions', 'review', 'deliberation'],
    // Decision 0071: a person's data export and erasure read every domain's rows through the tables, and end the sessions.
    'personal-data': ['shared', 'sessions'],
    retention: ['shared'],
    // Decision 0076: affinities are read from the publications; a changed profile asks for them again.
    affinity: ['shared'],
    publications: ['shared', 'affinity'],
  }),
  // A route is caller, parse, one service, reply: its queries live in services (decision 0018).
  {
    files: ['src/server/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes run no queries: move the query into a service (docs/decisions/0018-slice-shape.md).',
            },
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message:
                'Routes run no queries: move the query into a service (docs/decisions/0018-slice-shape.md); row types only with `import type`.',
            },
          ],
        },
      ],
    },
  },
);
