import type { BlogPost } from '@/api-types/BlogPost';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { contentImageSrc, inlineImageSrc } from './links';

/** What a post shows: its inline image data, else its image by the §5 path rule, else the default image. */
export function postImageSrc(post: Pick<BlogPost, 'image' | 'imageData'>, fetchedImageData?: string | null): string {
  return (
    inlineImageSrc(post.imageData) ??
    inlineImageSrc(fetchedImageData) ??
    contentImageSrc(post.image) ??
    defaultServerImage
  );
}
