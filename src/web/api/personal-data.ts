import { PERSONAL_DATA } from '../../core/api/personal-data';
import { call, saveDownload } from './client';

/** Decision 0071: the signed-in person's data, downloaded or erased. */
export const requestDataExport = () => call(PERSONAL_DATA.requestDataExport);
export const downloadDataExport = (token: string) =>
  saveDownload(PERSONAL_DATA.downloadDataExport, { query: { token }, fileName: `my-data-${new Date().toISOString().slice(0, 10)}.zip` });
export const previewErasure = () => call(PERSONAL_DATA.previewErasure);
export const eraseAccount = (password: string) => call(PERSONAL_DATA.eraseAccount, { body: { password } });
