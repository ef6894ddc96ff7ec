import { useState, type ImgHTMLAttributes } from 'react';
import defaultServerImage from '@/assets/default-server.svg';

export { defaultServerImage };

/**
 * An image that always has a size (width/height, so nothing shifts while it
 * loads), loads lazily unless told otherwise (`loading="eager"` above the
 * fold), and shows the default server illustration (or `fallbackSrc`) if its
 * source fails to load.
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  loading = 'lazy',
  fallbackSrc = defaultServerImage,
  onError,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  fallbackSrc?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = failedSrc === src ? fallbackSrc : src;
  return (
    <img
      {...props}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={(event) => {
        // Fall back once; a failing fallback is left as is rather than looping.
        if (current !== fallbackSrc) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
