import type { BodyOf } from '../../core/api/endpoint';
import { MAIL_TEMPLATES_API } from '../../core/api/mail-templates';
import { call } from './client';

/** Every mail template with the wording in force, and the papers and people a preview may be filled from (decision 0038). */
export const getMailTemplates = () => call(MAIL_TEMPLATES_API.listMailTemplates);
export const saveMailTemplate = (name: string, body: BodyOf<typeof MAIL_TEMPLATES_API.saveMailTemplate>) =>
  call(MAIL_TEMPLATES_API.saveMailTemplate, { params: { name }, body });
export const resetMailTemplate = (name: string) => call(MAIL_TEMPLATES_API.resetMailTemplate, { params: { name } });
/** A draft filled in as it would be sent; nothing is saved. */
export const previewMailTemplate = (name: string, body: BodyOf<typeof MAIL_TEMPLATES_API.previewMailTemplate>) =>
  call(MAIL_TEMPLATES_API.previewMailTemplate, { params: { name }, body });
