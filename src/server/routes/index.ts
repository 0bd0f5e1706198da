import type { FastifyPluginAsync } from 'fastify';
import accounts from './accounts';
import apiDocs from './api-docs';
import assignment from './assignment';
import attendees from './attendees';
import awards from './awards';
import bulkMail from './bulk-mail';
import conference from './conference';
import deliberation from './deliberation';
import discussion from './discussion';
import editorDesk from './editor-desk';
import editions from './editions';
import mailPreferences from './mail-preferences';
import mailTemplates from './mail-templates';
import payments from './payments';
import personalData from './personal-data';
import phase from './phase';
import preflight from './preflight';
import proceedings from './proceedings';
import publications from './publications';
import programme from './programme';
import programmeDocuments from './programme-documents';
import receipts from './receipts';
import registrationOffice from './registration-office';
import registrations from './registrations';
import review from './review';
import reviewDesk from './review-desk';
import reviewForm from './review-form';
import reviewQuality from './review-quality';
import retention from './retention';
import sessions from './sessions';
import signin from './signin';
import site from './site';
import submissions from './submissions';
import tracks from './tracks';
import visaLetters from './visa-letters';
import workshops from './workshops';

/**
 * Every API route module, each registered under /api: one per contract table in src/core/api, of the same name
 * (decision 0058). api-docs serves the OpenAPI document of them all.
 */
export const apiRoutes: FastifyPluginAsync[] = [
  site,
  accounts,
  signin,
  submissions,
  preflight,
  review,
  assignment,
  reviewDesk,
  reviewForm,
  reviewQuality,
  deliberation,
  discussion,
  phase,
  tracks,
  programme,
  programmeDocuments,
  proceedings,
  publications,
  awards,
  payments,
  registrations,
  receipts,
  registrationOffice,
  workshops,
  attendees,
  visaLetters,
  conference,
  editions,
  editorDesk,
  mailTemplates,
  mailPreferences,
  sessions,
  personalData,
  retention,
  bulkMail,
  apiDocs,
];
