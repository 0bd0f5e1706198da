/**
 * Decision 0068: a backup reads the database in one snapshot, then copies the disk store's files that snapshot
 * names. Files are immutable (named by their content) and only ever added or deleted, so the archive is
 * consistent if no file is deleted in between: the backup holds this PostgreSQL advisory lock (exclusive) from
 * before its snapshot until its files are copied, and a deletion first takes it shared, in its transaction, or
 * leaves the file where it is (an unnamed file costs only its space).
 */
export const BACKUP_FILES_LOCK = 0x696d7362;

/** Only one instance takes the scheduled backups (BACKUP_EVERY): the one holding this lock meanwhile. */
export const BACKUP_SCHEDULE_LOCK = 0x696d7363;
