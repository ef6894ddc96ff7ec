// Pure formatting for the agent console: browser names, waiting and relative times.

/** A User-Agent shortened to "Browser on OS", e.g. "Chrome on Windows". */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent || !userAgent.trim()) return 'Unknown browser';
  const ua = userAgent;

  // Order matters: Edge, Opera and Samsung also say "Chrome"; Chrome also says "Safari".
  let browser: string | null = null;
  if (/Edg(e|A|iOS)?\//.test(ua)) browser = 'Edge';
  else if (/OPR\/|Opera/.test(ua)) browser = 'Opera';
  else if (/SamsungBrowser\//.test(ua)) browser = 'Samsung Internet';
  else if (/Firefox\/|FxiOS\//.test(ua)) browser = 'Firefox';
  else if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) browser = 'Chrome';
  else if (/Safari\//.test(ua) && /Version\//.test(ua)) browser = 'Safari';
  else if (/curl\//i.test(ua)) browser = 'curl';

  let os: string | null = null;
  if (/iPhone|iPad|iPod/.test(ua)) os = 'iOS';
  else if (/Android/.test(ua)) os = 'Android';
  else if (/CrOS/.test(ua)) os = 'ChromeOS';
  else if (/Windows/.test(ua)) os = 'Windows';
  else if (/Mac OS X|Macintosh/.test(ua)) os = 'macOS';
  else if (/Linux/.test(ua)) os = 'Linux';

  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `Unknown browser on ${os}`;
  return 'Unknown browser';
}

function compactDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return '<1m';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours}h ${minutes % 60}m` : `${hours}h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}d ${hours % 24}h` : `${days}d`;
}

/** How long a visitor has waited for a reply, e.g. "waiting 3m", "waiting 1h 5m". */
export function formatWaiting(since: string, now: number): string {
  return `waiting ${compactDuration(now - new Date(since).getTime())}`;
}

/** Latest activity, e.g. "just now", "5m ago", "2h ago", "3d ago", then a date. */
export function formatRelativeTime(iso: string, now: number): string {
  const then = new Date(iso);
  const ms = now - then.getTime();
  if (ms < 60_000) return 'just now';
  if (ms < 7 * 24 * 3_600_000) {
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 60) return `${minutes}m ago`;
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return `${hours}h ago`;
    return `${Math.floor(hours / 24)}d ago`;
  }
  return then.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** When a chat started, e.g. "Mar 3, 2026, 2:05 PM". */
export function formatStartedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
