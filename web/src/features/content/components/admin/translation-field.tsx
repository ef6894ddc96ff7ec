import { useController, type Control } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import type { BlogPost } from '@/api-types/BlogPost';
import { useAdminBlogPosts } from '@/features/content/api/list-admin-blog-posts';
import type { BlogPostValues } from '../../lib/blog-post-model';
import { adminLanguageNames } from '../../lib/blog-post-model';
import { SelectField } from './select-field';

/** The posts a post may translate: originals (not translations themselves), other than the post itself. */
export function translationChoices(posts: ReadonlyArray<BlogPost>, self: string | undefined): BlogPost[] {
  return posts.filter((post) => post.id !== self && post.translationOf === null);
}

/**
 * "Translation of": the original post this one translates, or none. The
 * server refuses a link to the post itself, to a post of the same language,
 * and a second translation in one language; its refusal shows here.
 */
export function TranslationField({ control }: { control: Control<BlogPostValues> }) {
  const { id } = useParams();
  const posts = useAdminBlogPosts('');
  const { field, fieldState } = useController({ control, name: 'translationOf' });
  const choices = translationChoices(posts.data ?? [], id);
  const current = posts.data?.find((post) => post.id === id);
  const translations = current?.translations ?? [];
  return (
    <SelectField
      label="Translation of"
      hint={
        translations.length > 0
          ? `This post's translations: ${translations.map((t) => `${t.title} (${adminLanguageNames[t.language]})`).join('; ')}.`
          : 'The original post this one translates: their pages link to each other. One translation per language.'
      }
      error={fieldState.error?.message}
      {...field}
    >
      <option value="">None: not a translation</option>
      {/* A link the list does not offer (its original is itself a translation) stays as it is. */}
      {field.value !== '' && !choices.some((post) => post.id === field.value) && (
        <option value={field.value}>{posts.data?.find((post) => post.id === field.value)?.title ?? 'The linked post'}</option>
      )}
      {choices.map((post) => (
        <option key={post.id} value={post.id}>
          {post.title} ({adminLanguageNames[post.language]})
        </option>
      ))}
    </SelectField>
  );
}
