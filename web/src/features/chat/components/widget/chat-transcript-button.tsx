// "Email me the transcript": asks the server to email the chat to the
// visitor's address and says what it answered.

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function ChatTranscriptButton({ sessionId }: { sessionId: string }) {
  const request = useMutation({
    mutationKey: ['chat', sessionId, 'transcript'],
    mutationFn: () =>
      apiRequest<{ message: string }>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/transcript`, {
        method: 'POST',
        body: {},
      }),
  });

  return (
    <div className="px-4 pb-2 text-xs">
      <button
        type="button"
        className="text-brand-dark underline disabled:opacity-60 dark:text-brand-light"
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending ? 'Sending the transcript…' : 'Email me the transcript'}
      </button>
      {request.isSuccess && (
        <p role="status" className="mt-1 text-gray-700 dark:text-gray-300">
          {request.data.message}
        </p>
      )}
      {request.isError && (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          {request.error.message}
        </p>
      )}
    </div>
  );
}
