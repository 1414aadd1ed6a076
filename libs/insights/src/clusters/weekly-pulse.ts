import { weekOf } from './cluster-vectors';

export const PULSE_WEEKS = 13;
const WEEK_MS = 7 * 86_400_000;

/** Issues per week over the 13 weeks ending with `now`'s (Monday-based, UTC), oldest first. */
export function weeklyPulse(weeks: Record<string, number>, now: Date): number[] {
  const thisWeek = Date.parse(weekOf(now));
  return Array.from({ length: PULSE_WEEKS }, (_, i) => {
    const week = new Date(thisWeek - (PULSE_WEEKS - 1 - i) * WEEK_MS).toISOString().slice(0, 10);
    return Object.hasOwn(weeks, week) ? weeks[week] : 0;
  });
}
