// The blog post page's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blogPost';
import { Check, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { limits } from '@/config/site';
import { t } from '@/i18n/i18n';

/**
 * Shares the page with the system share sheet when the browser has one;
 * otherwise copies the link and shows Copied! for 2 seconds (spec §4).
 */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // The visitor closed the share sheet: nothing to do.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      return; // No clipboard access: say nothing rather than claim a copy.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), limits.copiedIndicatorMs);
  }

  return (
    <Button variant="secondary" onClick={share}>
      {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Share2 aria-hidden="true" className="h-4 w-4" />}
      <span aria-live="polite">{copied ? t('blogPost.share.copied') : t('blogPost.share.share')}</span>
    </Button>
  );
}
