import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

const WEB_BOUNDARY = [
  { group: ['**/server/**', '../server', '../../server'], message: 'src/web never imports src/server.' },
  { group: ['node:*', 'fastify', 'pg', '@electric-sql/*', 'drizzle-orm*'], message: 'src/web runs in the browser.' },
  { regex: '^zod(/.*)?$', message: "Take z from src/core/zod.ts: it sets zod's jitless mode before any schema is built (the pages' CSP forbids eval)." },
];
const ZOD_CONFIGURED = { regex: '^zod(/.*)?$', message: "Take z from src/core/zod.ts: it sets zod's jitless mode before any schema is built (the pages' CSP forbids eval)." };
const SERVER_BOUNDARY = { group: ['**/web/**', '../web', '../../web'], message: 'src/server never imports src/web (it serves the built files).' };

/** One config per service domain folder: the domains it may not import, plus what no service may import. */
function serviceDomains(allowed) {
  const domains = Object.keys(allowed);
  return domains.map((domain) => {
    const others = domains.filter((d) => d !== domain && !allowed[domain].includes(d));
    return {
      files: [`src/server/services/${domain}/**`],
      rules: {
        'no-restricted-imports': restrict([
          SERVER_BOUNDARY,
          { group: ['fastify', 'fastify/*', '@fastify/*', '**/routes/**', '**/http/**'], message: 'Services take plain data, not requests: HTTP parsing lives in src/server/http, routes call services.' },
          ...(others.length ? [{ group: others.flatMap((d) => [`../${d}/*`, `**/services/${d}/*`]), message: `services/${domain} may import only ${['core', 'db and drivers', ...allowed[domain]].join(', ')} (docs/decisions/0018-slice-shape.md).` }] : []),
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
  // Import boundaries (../shared/STYLE.md): core is pure and shared; web and server never import each other.
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**', '../server', '../web'], message: 'src/core imports neither src/server nor src/web.' },
        { group: ['react', 'react-dom', 'react-router', 'fastify', 'node:*', 'pg', '@electric-sql/*', 'drizzle-orm*'], message: 'src/core is pure: no I/O, no React, no Node APIs.' },
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
  // Public pages load no login-area code (issue 29 §2): their few calls are in src/web/api/public.ts.
  {
    files: ['src/web/routes/public/**', 'src/web/components/layout/public-layout.tsx', 'src/web/components/layout/nav-bar.tsx', 'src/web/components/layout/footer.tsx'],
    rules: {
      'no-restricted-imports': restrict([
        ...WEB_BOUNDARY,
        { group: ['**/api/*', '!**/api/public', '!**/api/public-payments'], message: 'Public pages use src/web/api/public.ts (and public-payments.ts), not the login area\'s client.' },
        { group: ['**/lib/session', '**/lib/route-data', '**/routes/account/*', '**/routes/author/*', '**/routes/editor/*', '**/routes/reviewer/*', '**/components/layout/app-layout', '**/components/layout/role-switch'], message: 'Public pages load no login-area code.' },
      ]),
    },
  },
  // Island scripts run on the public pages without a framework (docs/decisions/0030): no React, no router,
  // nothing of the login area.
  {
    files: ['src/web/islands/**', 'src/web/**/*.island.ts', 'src/web/lib/islands.ts', 'src/web/lib/dom.ts', 'src/web/components/layout/menu-overlay.ts', 'src/web/components/play-pause.ts', 'src/web/components/avatar-element.ts', 'src/web/routes/public/contact-toast.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ...WEB_BOUNDARY,
        { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'sonner'], message: 'Islands are plain TypeScript: no framework.' },
        { group: ['**/api/*', '!**/api/public', '!**/api/public-payments'], message: 'Public pages use src/web/api/public.ts (and public-payments.ts), not the login area\'s client.' },
        { group: ['**/lib/session', '**/lib/route-data', '**/routes/account/*', '**/routes/author/*', '**/routes/editor/*', '**/routes/reviewer/*', '**/components/layout/app-layout', '**/components/layout/role-switch'], message: 'Public pages load no login-area code.' },
      ]),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([
        SERVER_BOUNDARY,
      ]),
    },
  },
  // Services: no HTTP (requests are parsed in src/server/http), no routes, and domain folders import each other
  // only along one-way edges (docs/decisions/0018-slice-shape.md): shared ← accounts, payments, site, editor-desk;
  // payments ← submissions ← assignment; payments ← programme; submissions, tracks ← review (issue 23's deliberation);
  // shared, submissions, review ← mail-templates (issue 25.2: a preview fills a decision mail's reviews and the response window's dates as those mails do).
  ...serviceDomains({
    shared: [],
    accounts: ['shared'],
    payments: ['shared'],
    site: ['shared'],
    'editor-desk': ['shared'],
    submissions: ['shared', 'payments'],
    assignment: ['shared', 'submissions', 'payments', 'tracks'],
    programme: ['shared', 'payments'],
    tracks: ['shared', 'submissions'],
    review: ['shared', 'submissions', 'tracks'],
    // Mail to a group (issue 25.3) reads its groups from the papers, reviews and assignment domains, and who is
    // registered from payments (decision 0056: paid registrations, papers named by their authors).
    'bulk-mail': ['shared', 'submissions', 'tracks', 'assignment', 'payments'],
    // Issue 25.4: notification settings, unsubscribe links and daily digests stand alone (core, db and the mail driver).
    'mail-preferences': [],
    'mail-templates': ['shared', 'submissions', 'review'],
    // Issue 24: registrations, pricing, receipts and workshop seats live in payments; these read them.
    attendees: ['shared', 'payments'],
    'visa-letters': ['shared', 'payments'],
    awards: ['shared'],
  }),
  // A route is caller, parse, one service, reply: its queries live in services (docs/decisions/0018-slice-shape.md).
  {
    files: ['src/server/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes run no queries: move the query into a service (docs/decisions/0018-slice-shape.md).' },
          { group: ['**/db/schema'], allowTypeImports: true, message: 'Routes run no queries: move the query into a service (docs/decisions/0018-slice-shape.md); row types only with `import type`.' },
        ],
      }],
    },
  },
);
