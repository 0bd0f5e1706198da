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
import mailQueue from './mail-queue';
import me from './me';
import payments from './payments';
import program from './program';
import records from './records';
import reviewer from './reviewer';
import reviewCycle from './review-cycle';

/** Every API route module, each registered under /api. */
export const apiRoutes: FastifyPluginAsync[] = [auth, accounts, me, author, editor, reviewer, files, contact, payments, content, assignment, mailQueue, apiDocs, records, program, reviewCycle];
