// "Email me the transcript": asks the server to email the chat to the
// visitor's address and says what it answered. The first time, the server
// emails a 6-digit code instead (anyone can type any address when starting
// a chat); the visitor enters it here, and the transcript follows.

import 'virtual:catalog/en/widget';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

interface TranscriptQueued {
  message: string;
  codeRequired: boolean;
}

export function ChatTranscriptButton({ sessionId }: { sessionId: string }) {
  const [code, setCode] = useState('');
  // The code form stays once a code was sent, until the transcript is queued.
  const [awaitingCode, setAwaitingCode] = useState(false);
  const codeId = useId();
  const request = useMutation({
    mutationKey: ['chat', sessionId, 'transcript'],
    mutationFn: (body: { code?: string }) =>
      apiRequest<TranscriptQueued>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/transcript`, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => {
      setAwaitingCode(answer.codeRequired);
      if (!answer.codeRequired) setCode('');
    },
  });
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ code: code.trim() });
  };

  return (
    <div className="px-4 pb-2 text-xs">
      <button
        type="button"
        className="text-brand-dark underline disabled:opacity-60 dark:text-brand-light"
        disabled={request.isPending}
        onClick={() => request.mutate({})}
      >
        {request.isPending && !request.variables?.code
          ? t('widget.sending')
          : awaitingCode
            ? t('widget.transcript.newCode')
            : t('widget.transcript.request')}
      </button>
      {request.isSuccess && (
        <p role="status" className="mt-1 text-gray-700 dark:text-gray-300">
          {request.data.message}
        </p>
      )}
      {awaitingCode && (
        <form className="mt-2 flex items-end gap-2" onSubmit={submitCode}>
          <div className="flex flex-col">
            <label htmlFor={codeId} className="font-medium text-gray-800 dark:text-gray-200">
              {t('widget.transcript.codeLabel')}
            </label>
            <input
              id={codeId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              pattern="[0-9 ]{6,7}"
              className="mt-1 w-28 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-base tracking-widest text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
            />
          </div>
          <button
            type="submit"
            disabled={request.isPending}
            className="min-h-11 rounded-md bg-brand-dark px-3 text-sm font-semibold text-white disabled:opacity-60"
          >
            {request.isPending && request.variables?.code ? t('widget.transcript.checking') : t('widget.transcript.send')}
          </button>
        </form>
      )}
      {request.isError && (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          {request.error.message}
        </p>
      )}
    </div>
  );
}
