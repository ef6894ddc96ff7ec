// The rating bar under a resolved chat: "Rate this chat", five stars and Send
// on one row; the optional comment opens once stars are chosen; sent once,
// then one line of thanks. Compact, so the conversation above stays readable.

import 'virtual:catalog/en/widget';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { useChatRating, useRateChat } from '@/features/chat/api/chat-rating';
import { chatLimits } from '@/api-types/input-limits';

const labels = () => [
  t('widget.rating.veryPoor'),
  t('widget.rating.poor'),
  t('widget.rating.okay'),
  t('widget.rating.good'),
  t('widget.rating.excellent'),
];
const maxCommentLength = chatLimits.ratingCommentChars;

export function ChatRatingForm({ sessionId }: { sessionId: string }) {
  const rating = useChatRating(sessionId);
  const rate = useRateChat(sessionId);
  const [score, setScore] = useState<number | null>(null);
  // The stars up to the pointer light up as a preview of the choice.
  const [hovered, setHovered] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  if (rating.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner /> {t('widget.rating.loading')}
      </p>
    );
  }
  if (rating.data) {
    return (
      <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
        {t('widget.rating.thanks', { score: rating.data.score })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setProblem(t('widget.rating.choose'));
      return;
    }
    setProblem(null);
    rate.mutate(
      { score, comment: comment.trim() ? comment : undefined },
      { onError: (error) => setProblem(error.message) },
    );
  };

  const lit = hovered ?? score ?? 0;
  return (
    <form onSubmit={submit} className="text-sm" aria-labelledby={`${id}-title`}>
      {/* On a phone 44 px stars, a finger's target; on a laptop (a mouse) one compact row. */}
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        <span id={`${id}-title`} className="font-medium">
          {t('widget.rating.title')}
        </span>
        <div role="radiogroup" aria-labelledby={`${id}-title`} className="flex" onMouseLeave={() => setHovered(null)}>
          {labels().map((label, index) => {
            const value = index + 1;
            return (
              <label
                key={value}
                title={label}
                onMouseEnter={() => setHovered(value)}
                className="flex h-11 w-11 cursor-pointer sm:h-9 sm:w-7 items-center justify-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
              >
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={value}
                  checked={score === value}
                  onChange={() => setScore(value)}
                  className="sr-only"
                  aria-label={`${value} – ${label}`}
                />
                <Star
                  aria-hidden="true"
                  className={cn(
                    'h-6 w-6',
                    value <= lit
                      ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
                      : 'fill-transparent text-gray-500 dark:text-gray-400',
                  )}
                />
              </label>
            );
          })}
        </div>
        <Button type="submit" variant="secondary" disabled={rate.isPending} className="ml-auto">
          {rate.isPending ? t('widget.sending') : t('widget.rating.send')}
        </Button>
      </div>
      {score !== null && (
        <div className="mt-1">
          <label htmlFor={`${id}-comment`} className="block text-xs text-gray-700 dark:text-gray-300">
            {t('widget.rating.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            dir="auto"
            rows={2}
            maxLength={maxCommentLength}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            className="mt-0.5 block w-full resize-none rounded-md border border-gray-300 bg-white px-3 py-1.5 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
          />
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
