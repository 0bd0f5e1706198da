/**
 * Every column that names a stored file, in the tables below the editions' views (decision 0060): a file is in use
 * while any edition's row names it, the current one or a past one. The sweep of unreferenced files and the discard
 * after a failed request both ask here, so a new column that names files is added once.
 */
export const FILE_REFERENCES: ReadonlyArray<readonly [table: string, column: string]> = [
  ['paper_files_all', 'storage_key'],
  ['camera_ready_all', 'storage_key'],
  ['paper_slides_all', 'storage_key'],
  ['users', 'photo_key'],
  ['keynote_speakers_all', 'photo_key'],
  ['committee_members_all', 'photo_key'],
  ['sponsors_all', 'logo_key'],
  ['award_nominations_all', 'cv_key'],
  ['award_nominations_all', 'photo_key'],
  ['settings_all', 'signature_key'],
  ['settings_all', 'logo_key'],
  // Decision 0071: a person's data export, until its link is used or expires.
  ['data_exports', 'storage_key'],
  // Decision 0073: the programme PDF and the abstract book made in the background, per edition.
  ['document_jobs', 'storage_key'],
];

/** SQL: true when a row of any edition names the file whose key is the expression `key`. */
export const fileReferencedSql = (key: string): string =>
  FILE_REFERENCES.map(([table, column]) => `exists (select 1 from ${table} where ${column} = ${key})`).join('\n  or ');
