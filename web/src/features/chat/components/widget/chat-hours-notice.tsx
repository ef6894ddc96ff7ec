// Outside live chat's business hours: when the team is back, and that the
// reply will come by email (the offline email fallback still runs).

import { chatHoursNotice } from '@/features/chat/lib/chat-hours';
import { useSiteSettings } from '@/lib/site-settings';

export function ChatHoursNotice({ className = '' }: { className?: string }) {
  const { chatHours } = useSiteSettings();
  const notice = chatHoursNotice(new Date(), chatHours);
  if (!notice) return null;
  return (
    <p role="status" className={`rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100 ${className}`}>
      {notice}
    </p>
  );
}
