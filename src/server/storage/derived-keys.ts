import { createHash } from 'node:crypto';

const BLIND_COPY_SALT = 'blind-pdf-v2:';

/**
 * What the reviewers' copy of a paper's PDF depends on besides the PDF (storage/pdf-metadata.ts saveBlindCopy), as
 * JSON text, in SQL of an expression holding the paper's id: the chair's setting for annotations' text, and the
 * paper's authors whose names the copy leaves out (the submitter, the co-authors as listed, then the accounts of the
 * co-authors' addresses, whose names may be written otherwise), each with their name in Latin letters when they gave
 * one (decision 0074: only then, so that the text, and the key, of everyone else's copy is as before). One text for the key of the copy and for the rules it
 * is made by, read in one statement, so a copy is never stored under a key that names other rules than its own.
 */
export const blindCopyInputsSql = (paperId: string): string => `json_build_object(
  'dropAnnotationText', coalesce((select bc_s.blind_annotation_text = 'remove' from settings bc_s where bc_s.id = 1), false),
  'authors', coalesce((select json_agg(case when bc_a.latin_name = '' then json_build_object('name', bc_a.name, 'email', bc_a.email)
      else json_build_object('name', bc_a.name, 'email', bc_a.email, 'latinName', bc_a.latin_name) end order by bc_a.n, bc_a.name, bc_a.email) from (
    select 0 as n, bc_u.name, bc_u.email, bc_u.latin_name from papers bc_p join users bc_u on bc_u.id = bc_p.author_id where bc_p.id = ${paperId}
    union all select 1 + bc_c.position, bc_c.name, bc_c.email, bc_c.latin_name from paper_co_authors bc_c where bc_c.paper_id = ${paperId}
    union all select 1000 + bc_c.position, bc_cu.name, bc_cu.email, bc_cu.latin_name from paper_co_authors bc_c
      join users bc_cu on lower(bc_cu.email) = lower(bc_c.email) where bc_c.paper_id = ${paperId}) bc_a), '[]'::json))::text`;

/**
 * Where the reviewers' copy of a stored PDF is kept: a key derived from the original's and from what the copy was
 * made by (`inputs`, blindCopyInputsSql), so that no table has to name it (decision 21) and a copy made before the
 * chair changed the setting, or before the authors changed, is not served after. The PostgreSQL store's sweep keeps
 * the copy for the current inputs while the original is named.
 */
export const blindCopyKey = (storageKey: string, inputs: string): string =>
  createHash('sha256').update(`${BLIND_COPY_SALT}${storageKey}:${inputs}`).digest('hex');
/** blindCopyKey in SQL, of the columns holding the original's key and its paper's id. */
export const blindCopyKeySql = (storageKey: string, paperId: string): string =>
  `encode(sha256(convert_to('${BLIND_COPY_SALT}' || ${storageKey} || ':' || ${blindCopyInputsSql(paperId)}, 'UTF8')), 'hex')`;
