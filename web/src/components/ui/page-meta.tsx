import { useLocation } from 'react-router-dom';
import { site } from '@/config/site';

export interface PageMetaProps {
  title: string;
  description: string;
  keywords?: string;
  type?: 'website' | 'article';
  /** Appends " | Nyota Cloud Events" to the title. */
  variant?: 'default' | 'events';
  image?: string;
  publishedTime?: string;
  modifiedTime?: string;
}

/** The events variant's document title. */
export function pageTitle(title: string, variant: PageMetaProps['variant'] = 'default'): string {
  return variant === 'events' ? `${title}${site.eventsSuffix}` : title;
}

/** Title, description, canonical URL, Open Graph and Twitter tags; React 19 hoists them into <head>. */
export function PageMeta({
  title,
  description,
  keywords,
  type = 'website',
  variant = 'default',
  image,
  publishedTime,
  modifiedTime,
}: PageMetaProps) {
  const { pathname } = useLocation();
  const fullTitle = pageTitle(title, variant);
  const canonical = `${window.location.origin}${pathname}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords && <meta name="keywords" content={keywords} />}
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={site.company} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      {type === 'article' && publishedTime && (
        <meta property="article:published_time" content={publishedTime} />
      )}
      {type === 'article' && modifiedTime && (
        <meta property="article:modified_time" content={modifiedTime} />
      )}
    </>
  );
}
