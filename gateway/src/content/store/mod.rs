//! Every query of posts and events, one file per table: [`posts`]
//! (`blog_posts`, `deleted_blog_posts`), [`events`], [`facets`] (their
//! categories), [`uploads`] (`uploads`), [`sitemap`] (the ids of both), and
//! what the posts' and events' queries share ([`shared`]). This module owns
//! those tables (the sample seeding of a new install aside); a post's view
//! count is read from `blog_post_views`, which the `views` worker owns.
//! Each write records its `audit_log` row in the same transaction.

pub mod events;
pub mod facets;
pub mod posts;
pub mod shared;
pub mod sitemap;
pub mod translations;
pub mod uploads;

pub use events::{EventsQuery, delete_event, find_event, list_events, save_event};
pub use posts::{
    delete_post, featured_post, find_image_data, find_post, list_posts, next_scheduled,
    post_was_deleted, save_post,
};
pub use shared::{ListQuery, search_terms, today};
pub use sitemap::all_ids;
