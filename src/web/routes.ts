import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Every route of SPEC §2, explicitly. Paths are mirrored in src/core/routes.ts for the server. */
export default [
  layout('components/public-layout.tsx', [
    index('routes/home.tsx'),
    route('call-for-papers', 'routes/call-for-papers.tsx'),
    route('committee', 'routes/committee.tsx'),
    route('submissions', 'routes/submissions.tsx'),
    route('registration', 'routes/registration.tsx'),
    route('technical-workshop', 'routes/technical-workshop.tsx'),
    route('keynote', 'routes/keynote.tsx'),
    route('previous-events', 'routes/previous-events.tsx'),
    route('awards', 'routes/awards.tsx'),
    route('awards-2019', 'routes/awards-2019.tsx'),
    route('awards-2022', 'routes/awards-year.tsx', { id: 'awards-2022' }),
    route('awards-2023', 'routes/awards-year.tsx', { id: 'awards-2023' }),
    route('awards-2025', 'routes/awards-year.tsx', { id: 'awards-2025' }),
    route('terms', 'routes/terms.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('agreement', 'routes/agreement.tsx'),
  ]),
  layout('components/app-layout.tsx', [
    route('login', 'routes/login.tsx'),
    route('keynote-admin', 'routes/keynote-admin.tsx'),
    route('author/dashboard', 'routes/author-dashboard.tsx'),
    route('author/new-paper', 'routes/author-new-paper.tsx'),
    route('author/paper-details', 'routes/author-paper-list.tsx'),
    route('paper-details/:id', 'routes/paper-details.tsx'),
    route('editor/dashboard', 'routes/editor-dashboard.tsx'),
    route('editor/view-more/:paperId', 'routes/editor-view-more.tsx'),
    route('editor/messages', 'routes/editor-messages.tsx'),
    route('editor/payments', 'routes/editor-payments.tsx'),
    route('reviewer/dashboard', 'routes/reviewer-dashboard.tsx'),
    route('reviewer/dashboard/:paperId', 'routes/reviewer-paper.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
