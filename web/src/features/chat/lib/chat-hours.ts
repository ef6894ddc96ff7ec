// Live chat's business hours (a site setting, in East Africa Time: UTC+3 all
// year, Africa/Nairobi has no daylight saving). They only say when the team
// is back: whether anyone answers now is the server's (an agent online
// outranks the hours), so they word the "away" line and nothing else.

import 'virtual:catalog/en/widget';
import type { ChatHours } from '@/api-types/ChatHours';
import { formatDate, t } from '@/i18n/i18n';

const eatOffsetMs = 3 * 60 * 60 * 1000;

/** An ISO weekday (1 = Monday) by name in the page's language: 2026-11-30 was a Monday. */
function dayName(day: number): string {
  return formatDate(new Date(Date.UTC(2026, 10, 29 + day)), { weekday: 'long', timeZone: 'UTC' });
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * When chat hours next begin ("today at 08:00 EAT", "on Monday at 08:00
 * EAT"); `null` within the hours, and when no day is open at all.
 */
export function chatHoursReturn(now: Date, hours: ChatHours): string | null {
  // The wall clock in Nairobi, read through UTC getters.
  const eat = new Date(now.getTime() + eatOffsetMs);
  const today = ((eat.getUTCDay() + 6) % 7) + 1; // ISO: 1 = Monday
  const minute = eat.getUTCHours() * 60 + eat.getUTCMinutes();
  // Closing at 00:00 is midnight at the end of the day (00:00–00:00: all day).
  const [opens, closes] = [minutesOf(hours.opens), minutesOf(hours.closes) || 24 * 60];
  if (hours.days.includes(today) && minute >= opens && minute < closes) return null;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = ((today - 1 + ahead) % 7) + 1;
    if (!hours.days.includes(day) || (ahead === 0 && minute >= opens)) continue;
    const time = hours.opens;
    if (ahead === 0) return t('widget.hours.today', { time });
    if (ahead === 1) return t('widget.hours.tomorrow', { time });
    return t('widget.hours.day', { day: dayName(day), time });
  }
  return null;
}
