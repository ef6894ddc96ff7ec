// /blog: the blog with intake's Stay Updated box in its sidebar (the two
// features meet here, in app/).

import BlogPage from '@/features/content/components/blog/blog-page';
import { SubscribeBox } from '@/features/intake/components/subscribe-box';
import { t } from '@/i18n/i18n';

export function BlogRoute() {
  return (
    <BlogPage
      subscribeBox={
        <SubscribeBox
          topic="blog"
          title={t('blog.subscribe.title')}
          text={t('blog.subscribe.text')}
          successText={t('blog.subscribe.success')}
        />
      }
    />
  );
}
