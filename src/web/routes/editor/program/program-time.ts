import { dayKey, formatTime } from '../../../lib/format';

/** A datetime-local value read as wall-clock time in the conference's zone, as an ISO instant (core's: the pricing screen's too). */
export { wallClockToIso } from '../../../../core/conference-facts';

/** The instant as a datetime-local value in the conference's zone (what an edit form starts from). */
export const isoToWallClock = (iso: string, zone: string): string => `${dayKey(iso, zone)}T${formatTime(iso, zone)}`;
