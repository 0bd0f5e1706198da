import type { MailStatusJson } from '../../core/schemas/mail';
import { api } from './client';

/** Whether the server delivers mail or keeps it in the outbox (the editor's banner). */
export const getMailStatus = () => api<MailStatusJson>('/editor/mail-status');
