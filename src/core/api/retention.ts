import { RetentionBody, RetentionJson, RetentionSavedJson } from '../schemas/retention';
import { endpoints } from './endpoint';

/** Decision 0071: how long each kind of a closed edition's data is kept; a daily job removes what is past it. */
export const RETENTION = endpoints('editor desk', {
  getRetention: {
    method: 'GET',
    path: '/editor/retention',
    summary: 'How long each kind of data is kept after an edition closes, and when each closed edition’s goes',
    response: RetentionJson,
  },
  saveRetention: {
    method: 'PUT',
    path: '/editor/retention',
    summary: 'Set how many days after an edition closes each kind of its data is kept (null: kept)',
    body: RetentionBody,
    response: RetentionSavedJson,
  },
});
