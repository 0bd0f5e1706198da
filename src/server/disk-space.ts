import { mkdirSync, statfsSync } from 'node:fs';
import { ConfigError } from './config';
import { isInsufficientResources } from './errors';

/** Below this much free space in DATA_DIR the server does not start (the embedded database and uploads live there). */
export const MIN_FREE_MB = 200;

/** Free megabytes on the file system holding `dir` (created if missing), or null when it cannot be measured. */
export function freeMegabytes(dir: string): number | null {
  try {
    mkdirSync(dir, { recursive: true });
    const s = statfsSync(dir);
    return Math.floor((Number(s.bavail) * Number(s.bsize)) / (1024 * 1024));
  } catch {
    return null;
  }
}

/** docs/product.md#validation-and-messages: starting on a disk that is too small says so in words instead of failing later with a stack trace. */
export function checkDiskSpace(dir: string, minMb = MIN_FREE_MB): void {
  const free = freeMegabytes(dir);
  if (free !== null && free < minMb) {
    throw new ConfigError(
      `Not enough free disk space: ${dir} has ${free} MB free, and the server needs at least ${minMb} MB to run. Free some space or set DATA_DIR to a larger disk.`,
    );
  }
}

/** The words for a start that failed because a disk or the database ran out of space, or null. */
export function outOfSpaceMessage(error: unknown): string | null {
  const code = (error as { code?: string }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return 'The server cannot start: the disk is full. Free some space or set DATA_DIR to a larger disk.';
  if (isInsufficientResources(error))
    return 'The server cannot start: the database ran out of resources (disk full, memory or connections). Free some space on the database server and start again.';
  return null;
}
