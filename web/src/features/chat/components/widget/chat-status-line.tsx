// The widget's one live status (chat-line.ts): who answers and when. On a
// phone it takes one line, and a tap shows the rest; beside the page it wraps.

import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { cn } from '@/lib/cn';
import { chatLineText } from '@/features/chat/lib/chat-line';
import { useSiteSettings } from '@/lib/site-settings';
import { useFullScreen } from '../../lib/full-screen-panel';

const lineClass = 'border-t border-gray-200 bg-gray-50 px-4 text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-800/60 dark:text-gray-200';

export function ChatStatusLine({ chat }: { chat: WidgetChat }) {
  const { chatHours } = useSiteSettings();
  const fullScreen = useFullScreen();
  const [expanded, setExpanded] = useState(false);
  const text = chatLineText(chat.line, new Date(), chatHours, chat.visitorEmail);
  if (!text) return null;

  if (!fullScreen) {
    return (
      <p role="status" data-line={chat.line.kind} className={cn(lineClass, 'shrink-0 py-2')}>
        {text}
      </p>
    );
  }
  return (
    <div role="status" data-line={chat.line.kind} className={cn(lineClass, 'shrink-0')}>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded((open) => !open)}
        className="flex min-h-11 w-full items-center gap-2 py-1 text-left"
      >
        <span className={cn('min-w-0 flex-1', !expanded && 'truncate')}>{text}</span>
        <ChevronDown aria-hidden="true" className={cn('h-4 w-4 shrink-0 transition-transform', expanded && 'rotate-180')} />
      </button>
    </div>
  );
}
