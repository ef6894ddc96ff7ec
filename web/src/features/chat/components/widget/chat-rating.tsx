// "How was your chat?" once a chat is resolved: a 1–5 rating and an optional
// comment, sent once; afterwards the widget thanks the visitor.

import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useChatRating, useRateChat } from '@/features/chat/api/chat-rating';

const labels = ['Very poor', 'Poor', 'Okay', 'Good', 'Excellent'];
const maxCommentLength = 1000;

export function ChatRatingForm({ sessionId }: { sessionId: string }) {
  const rating = useChatRating(sessionId);
  const rate = useRateChat(sessionId);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  if (rating.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm">
        <Spinner /> Loading…
      </p>
    );
  }
  if (rating.data) {
    return (
      <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
        Thank you for your feedback! You rated this chat {rating.data.score} out of 5.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setProblem('Choose a rating from 1 to 5.');
      return;
    }
    setProblem(null);
    rate.mutate(
      { score, comment: comment.trim() ? comment : undefined },
      { onError: (error) => setProblem(error.message) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2 text-left text-sm" aria-labelledby={`${id}-title`}>
      <fieldset>
        <legend id={`${id}-title`} className="font-medium">
          How was your chat?
        </legend>
        <div className="mt-1 flex gap-1">
          {labels.map((label, index) => {
            const value = index + 1;
            return (
              <label
                key={value}
                title={label}
                className={`flex h-9 w-9 cursor-pointer items-center justify-center rounded-md border text-base font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
                  score === value
                    ? 'border-brand-dark bg-brand-dark text-white'
                    : 'border-gray-300 bg-white text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100'
                }`}
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
                {value}
              </label>
            );
          })}
        </div>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="block">
        Comment (optional)
      </label>
      <textarea
        id={`${id}-comment`}
        dir="auto"
        rows={2}
        maxLength={maxCommentLength}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        className="block w-full resize-none rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
      />
      <Button type="submit" variant="secondary" disabled={rate.isPending}>
        {rate.isPending ? 'Sending…' : 'Send rating'}
      </Button>
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
