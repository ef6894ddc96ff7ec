import { Check, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { limits } from '@/config/site';
import { toast } from '@/lib/toast-store';

/** The absolute address of a site path, on this site's origin. */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}

/** Copies the absolute address of `path` and says Copied! for 2 seconds. */
export function CopyUrlButton({ path, label }: { path: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const url = absoluteUrl(path);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast({ title: 'Could not copy the address', description: url, variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), limits.copiedIndicatorMs);
  };

  return (
    <Button variant="secondary" className="px-3" onClick={copy} aria-label={`${copied ? 'Copied!' : 'Copy URL'}: ${label}`}>
      {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Link2 aria-hidden="true" className="h-4 w-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy URL'}</span>
    </Button>
  );
}
