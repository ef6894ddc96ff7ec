import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import type { BlogPost } from '@/api-types/BlogPost';
import { BlogArticle } from '@/features/content/components/blog-article';
import { postImageSrc } from '@/features/content/components/post-image';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refusalMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { toast } from '@/lib/toast-store';
import { useCreateBlogPost } from '@/features/content/api/create-blog-post';
import { useUpdateBlogPost } from '@/features/content/api/update-blog-post';
import {
  blogPostFieldFor,
  blogPostInput,
  blogPostSchema,
  blogPostValues,
  previewPost,
  type BlogPostValues,
} from './blog-post-model';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { CheckboxField, InputField, TextAreaField } from '@/components/admin/form-fields';
import { ImageField } from './image-field';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';

/** The live preview: the post exactly as its public page will show it once saved. */
function BlogPreview({ control, original }: { control: Control<BlogPostValues>; original: BlogPost | null }) {
  const values = useWatch({ control }) as BlogPostValues;
  const post = previewPost(values, original);
  return (
    <BlogArticle
      post={{ ...post, title: post.title || 'Untitled post', category: post.category || 'Category' }}
      image={postImageSrc(post)}
      headingLevel={2}
    />
  );
}

/**
 * The blog post form, for a new post (`post` null) or an existing one. Every
 * field is checked as the server checks it, in its words; a refusal from the
 * server is shown next to the field it names. The enhanced editor adds the
 * inline image upload and a side-by-side live preview. Leaving with unsaved
 * changes asks first.
 */
export function BlogPostForm({
  post,
  categories,
  enhanced,
  onDone,
}: {
  post: BlogPost | null;
  /** Existing categories, offered as suggestions. */
  categories: string[];
  enhanced: boolean;
  /** Called after a save (with the saved post) or a cancel. */
  onDone: (saved?: BlogPost) => void;
}) {
  const user = useUser();
  const categoryList = useId();
  const headingId = useId();
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<BlogPostValues>({
    resolver: zodResolver(blogPostSchema),
    defaultValues: blogPostValues(post, user.data?.name ?? ''),
    mode: 'onTouched',
  });

  const onSubmit = async (values: BlogPostValues) => {
    setFormError(null);
    const input = blogPostInput(values, post);
    try {
      const saved = post ? await update.mutateAsync({ id: post.id, input }) : await create.mutateAsync(input);
      reset(values);
      toast({ title: post ? 'Post saved' : 'Post created', description: saved.title });
      onDone(saved);
    } catch (failure) {
      const refused = refusalMessage(failure);
      const field = refused ? blogPostFieldFor(refused) : null;
      if (refused && field) {
        setError(field, { type: 'server', message: refused });
        setFocus(field);
      } else {
        setFormError(failure instanceof Error ? failure.message : String(failure));
      }
    }
  };

  const cancel = () => (isDirty ? setConfirmDiscard(true) : onDone());
  const saving = isSubmitting;

  const form = (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <InputField label="Title" error={errors.title?.message} maxLength={400} {...register('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Category"
          list={categoryList}
          error={errors.category?.message}
          maxLength={120}
          {...register('category')}
        />
        <datalist id={categoryList}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <InputField label="Author" error={errors.author?.message} maxLength={200} {...register('author')} />
        <InputField
          label="Publication date"
          type="date"
          error={errors.publishedDate?.message}
          hint="Leave empty to publish with the current date and time."
          {...register('publishedDate')}
        />
        <InputField
          label="Read time"
          placeholder="5 min read"
          error={errors.readTime?.message}
          maxLength={80}
          {...register('readTime')}
        />
      </div>
      {enhanced ? (
        <ImageField
          error={errors.image?.message}
          onUploaded={(url) => setValue('image', url, { shouldDirty: true, shouldValidate: true })}
          {...register('image')}
        />
      ) : (
        <InputField
          label="Image"
          error={errors.image?.message}
          hint="A web address (https://…) or a site path such as /objects/… from Uploads."
          {...register('image')}
        />
      )}
      <InputField
        label="Source URL"
        error={errors.sourceUrl?.message}
        hint="Optional: where the article first appeared."
        {...register('sourceUrl')}
      />
      <TextAreaField label="Excerpt" rows={3} error={errors.excerpt?.message} {...register('excerpt')} />
      <TextAreaField
        label="Content"
        rows={enhanced ? 16 : 10}
        error={errors.fullContent?.message}
        hint="Plain text: each new line is shown as a line break."
        {...register('fullContent')}
      />
      <CheckboxField
        label="Featured"
        hint="A featured post is shown in the Featured card at the top of /blog."
        error={errors.featured?.message}
        {...register('featured')}
      />
      {formError && <Alert title="The post was not saved">{formError}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          {post ? 'Save changes' : 'Create post'}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold break-words">
        {post ? `Edit post: ${post.title}` : 'New post'}
      </h2>
      <div className={enhanced ? 'mt-6 grid gap-8 xl:grid-cols-2' : 'mt-6 max-w-3xl'}>
        {form}
        {enhanced && (
          <div
            role="region"
            aria-label="Live preview"
            className="h-fit overflow-hidden rounded-xl border border-gray-200 bg-white xl:sticky xl:top-24 xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto dark:border-gray-700 dark:bg-gray-900"
          >
            <p className="border-b border-gray-200 bg-gray-50 px-4 py-2 text-sm font-semibold text-gray-700 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300">
              Live preview: the post as its page will show it
            </p>
            <BlogPreview control={control} original={post} />
          </div>
        )}
      </div>
      <UnsavedChangesGuard when={isDirty && !saving} />
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onDone();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        <p>The changes you made to this post are not saved and will be lost.</p>
      </ConfirmDialog>
    </section>
  );
}
