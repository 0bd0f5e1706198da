import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * Every route of SPEC §2, explicitly. Paths are mirrored in src/core/routes.ts for the server. Each route's id is
 * its file's name: the ids travel in every page's route manifest, so short ones keep the public pages' JavaScript
 * from growing with the folder layout (issue 29 §2).
 */
export default [
  layout('components/layout/public-layout.tsx', { id: 'site' }, [
    index('routes/public/home.tsx', { id: 'home' }),
    route('call-for-papers', 'routes/public/call-for-papers.tsx', { id: 'call-for-papers' }),
    route('committee', 'routes/public/committee.tsx', { id: 'committee' }),
    route('submissions', 'routes/public/submissions.tsx', { id: 'submissions' }),
    route('registration', 'routes/public/registration.tsx', { id: 'registration' }),
    route('technical-workshop', 'routes/public/technical-workshop.tsx', { id: 'technical-workshop' }),
    route('keynote', 'routes/public/keynote.tsx', { id: 'keynote' }),
    route('previous-events', 'routes/public/previous-events.tsx', { id: 'previous-events' }),
    route('awards', 'routes/public/awards.tsx', { id: 'awards' }),
    route('awards-2019', 'routes/public/awards-2019.tsx', { id: 'awards-2019' }),
    route('awards-2022', 'routes/public/awards-year.tsx', { id: 'awards-2022' }),
    route('awards-2023', 'routes/public/awards-year.tsx', { id: 'awards-2023' }),
    route('awards-2025', 'routes/public/awards-year.tsx', { id: 'awards-2025' }),
    route('terms', 'routes/public/terms.tsx', { id: 'terms' }),
    route('privacy-policy', 'routes/public/privacy-policy.tsx', { id: 'privacy-policy' }),
    route('agreement', 'routes/public/agreement.tsx', { id: 'agreement' }),
    route('program', 'routes/public/program.tsx', { id: 'program' }),
    // Any other path: the not-found page, inside the site's header and footer.
    route('*', 'routes/public/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('components/layout/app-layout.tsx', { id: 'app' }, [
    route('login', 'routes/account/login.tsx', { id: 'login' }),
    route('reset-password', 'routes/account/reset-password.tsx', { id: 'reset-password' }),
    route('verify-email', 'routes/account/verify-email.tsx', { id: 'verify-email' }),
    route('login-link', 'routes/account/login-link.tsx', { id: 'login-link' }),
    route('account/notifications', 'routes/account/notifications.tsx', { id: 'notifications' }),
    route('unsubscribe', 'routes/account/unsubscribe.tsx', { id: 'unsubscribe' }),
    route('keynote-admin', 'routes/editor/keynote-admin.tsx', { id: 'keynote-admin' }),
    route('author/dashboard', 'routes/author/author-dashboard.tsx', { id: 'author-dashboard' }),
    route('author/new-paper', 'routes/author/author-new-paper.tsx', { id: 'author-new-paper' }),
    route('author/paper-details', 'routes/author/author-paper-list.tsx', { id: 'author-paper-list' }),
    route('paper-details/:id', 'routes/author/paper-details.tsx', { id: 'paper-details' }),
    route('editor/dashboard', 'routes/editor/editor-dashboard.tsx', { id: 'editor-dashboard' }),
    route('editor/view-more/:paperId', 'routes/editor/editor-view-more.tsx', { id: 'editor-view-more' }),
    route('editor/messages', 'routes/editor/editor-messages.tsx', { id: 'editor-messages' }),
    route('editor/payments', 'routes/editor/editor-payments.tsx', { id: 'editor-payments' }),
    route('editor/program', 'routes/editor/editor-program.tsx', { id: 'editor-program' }),
    route('editor/assign', 'routes/editor/editor-assign.tsx', { id: 'editor-assign' }),
    route('editor/settings', 'routes/editor/editor-settings.tsx', { id: 'editor-settings' }),
    route('editor/reviewers', 'routes/editor/editor-reviewers.tsx', { id: 'editor-reviewers' }),
    route('editor/decisions', 'routes/editor/editor-decisions.tsx', { id: 'editor-decisions' }),
    route('editor/missing-reviews', 'routes/editor/editor-missing-reviews.tsx', { id: 'editor-missing-reviews' }),
    route('editor/bulk-mail', 'routes/editor/editor-bulk-mail.tsx', { id: 'editor-bulk-mail' }),
    route('editor/audit', 'routes/editor/editor-audit.tsx', { id: 'editor-audit' }),
    route('editor/tracks', 'routes/editor/editor-tracks.tsx', { id: 'editor-tracks' }),
    route('editor/review-form', 'routes/editor/editor-review-form.tsx', { id: 'editor-review-form' }),
    route('editor/mail-templates', 'routes/editor/editor-mail-templates.tsx', { id: 'editor-mail-templates' }),
    route('editor/exports', 'routes/editor/editor-exports.tsx', { id: 'editor-exports' }),
    route('editor/attendees', 'routes/editor/editor-attendees.tsx', { id: 'editor-attendees' }),
    route('editor/check-in', 'routes/editor/editor-check-in.tsx', { id: 'editor-check-in' }),
    route('reviewer/dashboard', 'routes/reviewer/reviewer-dashboard.tsx', { id: 'reviewer-dashboard' }),
    route('reviewer/dashboard/:paperId', 'routes/reviewer/reviewer-paper.tsx', { id: 'reviewer-paper' }),
    route('reviewer/bidding', 'routes/reviewer/reviewer-bidding.tsx', { id: 'reviewer-bidding' }),
  ]),
] satisfies RouteConfig;
