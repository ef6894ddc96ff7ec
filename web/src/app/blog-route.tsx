// /blog: the blog with intake's Stay Updated box in its sidebar (the two
// features meet here, in app/).

import BlogPage from '@/features/content/components/blog/blog-page';
import { SubscribeBox } from '@/features/intake/components/subscribe-box';
import { subscribeTexts } from '@/features/intake/lib/subscribe';

export function BlogRoute() {
  return (
    <BlogPage
      subscribeBox={
        <SubscribeBox
          topic="blog"
          title="Stay Updated"
          text="Get new articles on cloud infrastructure, security and compliance in Africa in your inbox."
          successText={subscribeTexts.blogSuccess}
        />
      }
    />
  );
}
