import {
  MailPreviewJson,
  MailTemplateParams,
  MailTemplatesJson,
  PreviewMailTemplateBody,
  SaveMailTemplateBody,
  SavedMailTemplateJson,
} from '../schemas/mail-templates';
import { endpoints } from './endpoint';

/** The editor's wording of every mail the product sends (decision 0038); the editor's alone, not a track chair's. */
export const MAIL_TEMPLATES_API = endpoints('editor desk', {
  listMailTemplates: {
    method: 'GET',
    path: '/editor/mail-templates',
    summary: 'Every mail template: what it is, when it is sent, its placeholders, the wording in force and the default',
    description:
      "`customised` is true when the editor saved their own wording; `defaults` is the product's. `previewChoices` lists recent papers and people a preview may be filled from.",
    response: MailTemplatesJson,
  },
  saveMailTemplate: {
    method: 'PUT',
    path: '/editor/mail-templates/:name',
    summary: "Save the editor's wording of one mail template",
    description:
      'Refused with 400 and the reason when the subject or body is empty or too long, the subject has more than one line, ' +
      "either uses a placeholder the mail cannot fill (the reason names the ones it can), or the subject carries a link that opens the recipient's account " +
      '({resetUrl}, the one-time {loginUrl}, {verifyUrl}: the body only; the reason names it). 404 for an unknown template. Audited as mail.template.save.',
    params: MailTemplateParams,
    body: SaveMailTemplateBody,
    response: SavedMailTemplateJson,
  },
  resetMailTemplate: {
    method: 'DELETE',
    path: '/editor/mail-templates/:name',
    summary: 'Go back to the default wording of one mail template',
    description:
      "The editor's wording is dropped; the default is in force again. 404 for an unknown template. Audited as mail.template.reset.",
    params: MailTemplateParams,
    response: SavedMailTemplateJson,
  },
  previewMailTemplate: {
    method: 'POST',
    path: '/editor/mail-templates/:name/preview',
    summary: 'A wording filled in as it would be sent: subject, text and HTML part',
    description:
      'Placeholders are filled from the paper (`paperId`) and person (`userId`) chosen where the template uses them, from the ' +
      "conference's settings, or else with example values; `values` says where each came from. Nothing is saved or sent. " +
      '400 with the reason for a wording that could not be saved; 404 for an unknown template, paper or person.',
    params: MailTemplateParams,
    body: PreviewMailTemplateBody,
    response: MailPreviewJson,
  },
});
