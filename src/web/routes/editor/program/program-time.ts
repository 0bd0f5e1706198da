import { zoneOffsetMs } from '../../../../core/conference-facts';
import { dayKey, formatTime } from '../../../lib/format';

/**
 * A datetime-local value ("2023-12-27T09:00") read as wall-clock time in the conference's zone, as an ISO instant
 * with that zone's offset. The offset is looked up twice: at a daylight-saving change the guess may fall on the
 * other side of it.
 */
export function wallClockToIso(local: string, zone: string): string {
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) return local;
  const offset = zoneOffsetMs(zone, new Date(wall - zoneOffsetMs(zone, new Date(wall))));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset) / 60_000;
  return `${local}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The instant as a datetime-local value in the conference's zone (what an edit form starts from). */
export const isoToWallClock = (iso: string, zone: string): string => `${dayKey(iso, zone)}T${formatTime(iso, zone)}`;
