import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { t } from '@/i18n/i18n';

/** The look of an action: one of the button variants, or `text` for a plain inline link. */
export type ActionVariant = NonNullable<Parameters<typeof buttonClass>[0]> | 'text';

export type ActionKind = 'internal' | 'external' | 'mailto' | 'anchor';

/** How `href` is followed: `#id` in the page, `mailto:`/`tel:` by the mail or phone app, `http(s)://` in a new tab, else the router. */
export function actionKind(href: string): ActionKind {
  if (href.startsWith('#')) return 'anchor';
  if (href.startsWith('mailto:') || href.startsWith('tel:')) return 'mailto';
  if (/^(https?:)?\/\//i.test(href)) return 'external';
  return 'internal';
}

const textClass =
  'inline-flex items-center gap-1 font-semibold text-brand-dark underline-offset-4 hover:underline dark:text-brand-light';

/**
 * The one link-button of the public pages. Internal paths go through the router,
 * external addresses open in a new tab with rel="noopener noreferrer" and say so
 * to screen readers, `mailto:`/`tel:` and `#anchor` links are plain anchors.
 *
 * `<ActionLink href="/contact" variant="secondary">Request a Quote</ActionLink>`
 */
export function ActionLink({
  href,
  children,
  variant = 'primary',
  className,
  'aria-label': ariaLabel,
}: {
  href: string;
  children: ReactNode;
  variant?: ActionVariant;
  className?: string;
  'aria-label'?: string;
}) {
  const classes = variant === 'text' ? [textClass, className].filter(Boolean).join(' ') : buttonClass(variant, className);
  const kind = actionKind(href);
  if (kind === 'internal') {
    return (
      <Link to={href} className={classes} aria-label={ariaLabel}>
        {children}
      </Link>
    );
  }
  if (kind === 'external') {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={classes}
        aria-label={ariaLabel && `${ariaLabel} ${t('common.opensInNewTab')}`}
      >
        {children}
        <span className="sr-only">{` ${t('common.opensInNewTab')}`}</span>
      </a>
    );
  }
  return (
    <a href={href} className={classes} aria-label={ariaLabel}>
      {children}
    </a>
  );
}
