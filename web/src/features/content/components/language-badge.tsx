/** The language of a post or an event in another language than the page's, named in the page's language. */
export function LanguageBadge({ label }: { label: string }) {
  return (
    <span className="rounded-full border border-gray-400 px-2.5 py-0.5 text-xs font-semibold text-gray-800 dark:border-gray-500 dark:text-gray-100">
      {label}
    </span>
  );
}
