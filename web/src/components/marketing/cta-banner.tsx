import { useId, type ReactNode } from 'react';

/**
 * The closing call to action of a page: an h2, a sentence and a row of actions
 * on a brand-coloured band (give its ActionLinks `variant="secondary"`, which
 * stays readable on the band). `id` makes it an anchor target (`#cta`).
 */
export function CtaBanner({
  id,
  title,
  text,
  actions,
}: {
  id?: string;
  title: ReactNode;
  text?: ReactNode;
  actions: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 px-4 py-16 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-2xl bg-brand-dark px-6 py-12 text-center text-white sm:px-12">
        <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        {text && <p className="mx-auto mt-4 max-w-2xl text-pink-50">{text}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-4">{actions}</div>
      </div>
    </section>
  );
}
