import type { FastifyPluginAsync } from 'fastify';
import accounts from './accounts';
import apiDocs from './api-docs';
import assignment from './assignment';
import auth from './auth';
import author from './author';
import contact from './contact';
import content from './content';
import editor from './editor';
import files from './files';
import health from './health';
import mailQueue from './mail-queue';
import mailStatus from './mail-status';
import missingReviews from './missing-reviews';
import me from './me';
import payments from './payments';
import program from './program';
import records from './records';
import reviewer from './reviewer';
import reviewForm from './review-form';
import reviewCycle from './review-cycle';
import reviewers from './reviewers';
import stats from './stats';
import editorConflicts from './editor-conflicts';
import tracks from './tracks';

/** Every API route module, each registered under /api. */
export const apiRoutes: FastifyPluginAsync[] = [health, auth, accounts, me, author, editor, reviewer, files, contact, payments, content, assignment, mailQueue, mailStatus, apiDocs, records, program, reviewCycle, stats, editorConflicts, reviewers, tracks, missingReviews, reviewForm];
