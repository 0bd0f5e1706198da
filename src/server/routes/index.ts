import type { FastifyPluginAsync } from 'fastify';
import auth from './auth';
import author from './author';
import contact from './contact';
import content from './content';
import editor from './editor';
import files from './files';
import me from './me';
import payments from './payments';
import reviewer from './reviewer';

/** Every API route module, each registered under /api. */
export const apiRoutes: FastifyPluginAsync[] = [auth, me, author, editor, reviewer, files, contact, payments, content];
