import { describe, expect, it } from 'vitest';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import cases from '../components/first-image-cases.json';
import { postImageSrc } from './post-image';

// The gateway preloads a post's image from the served HTML by the same rule
// (gateway/src/site/first_image.rs reads these cases too): the address it
// names must be the one the page's <img> asks for, or the image is fetched twice.
describe('postImageSrc agrees with the gateway’s preload', () => {
  it.each(cases)('image $image, data $imageData → fetched $fetched', ({ image, imageData, fetched }) => {
    const src = postImageSrc({ image, imageData });
    if (fetched !== null) {
      expect(src).toBe(fetched);
    } else {
      // Nothing fetched from this site before the page asks: inline data, the bundled default, or another site.
      expect(src.startsWith('data:') || src === defaultServerImage || /^https?:\/\//i.test(src)).toBe(true);
    }
  });
});
