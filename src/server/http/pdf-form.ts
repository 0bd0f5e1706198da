import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { isPdf } from '../storage/sniff';
import { discardFileIfUnused } from '../services/shared/discard-file';
import { readMultipart, storeUpload } from './upload';

/** Stream a multipart body whose one file, in the field `file`, is a PDF: stored, checked by its bytes, size-limited. */
export async function readPdfForm(app: FastifyInstance, req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('bad_request', 'Send the paper as multipart/form-data');
  const maxBytes = Math.floor(app.config.MAX_UPLOAD_MB * 1024 * 1024);
  return readMultipart(
    req.parts(),
    (part) => {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('bad_request', 'The PDF must be sent in the field `file`');
      }
      return storeUpload(app.files, part, {
        maxBytes,
        tooLarge: `The PDF is too large (at most ${app.config.MAX_UPLOAD_MB} MB)`,
        check: (head) => (isPdf(head) ? null : 'The file is not a PDF'),
      });
    },
    (key) => discardFileIfUnused({ db: app.database.db, store: app.files, key }),
    req.raw,
  );
}
