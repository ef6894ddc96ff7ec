import { Link, useSearchParams } from 'react-router-dom';
import type { ChatEmails } from '@/api-types/ChatEmails';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { RequestError } from '@/lib/api-client';
import { type ChatEmailsChange, useChatEmailsChange } from '../api/chat-emails';

/** What the page says before and after each button. */
export const chatEmailsWords = {
  ask: {
    heading: 'Stop emails about your chats?',
    text: 'When an agent answers after you have left a chat, we email you the reply so you do not miss it. Press the button and we will stop. Replies will still wait for you in the chat on our site.',
    button: 'Stop chat emails',
    pending: 'Stopping...',
  },
  stopped: { heading: 'Chat emails stopped', button: 'Email me again', pending: 'Saving...' },
  sending: { heading: 'Chat emails are on', button: 'Stop chat emails', pending: 'Stopping...' },
  invalid: {
    heading: 'This link is not valid',
    text: 'The link may be incomplete. Please copy the whole link from the email, or open the chat on our site.',
  },
} as const;

/**
 * /chat-emails?action=stop&token=…: where the "stop" link of a reply email
 * leads (the gateway sends the browser here, changing nothing). The button
 * stops the emails; after that the page offers to start them again. A mail
 * program's own unsubscribe button stops them without this page (RFC 8058).
 */
export function ChatEmailsPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const change = useChatEmailsChange();
  const invalid = !token || (change.error instanceof RequestError && change.error.status === 400);
  const result: ChatEmails | undefined = change.data;
  const act = (next: ChatEmailsChange) => token && change.mutate({ change: next, token });
  const failure = change.error instanceof RequestError && change.error.status !== 400 ? change.error.message : null;

  let content;
  if (invalid) {
    content = (
      <>
        <h1 className="text-3xl font-bold">{chatEmailsWords.invalid.heading}</h1>
        <p className="mt-4 text-gray-700 dark:text-gray-300">{chatEmailsWords.invalid.text}</p>
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClass('primary')}>
            Go to the site
          </Link>
        </div>
      </>
    );
  } else {
    const words = !result ? chatEmailsWords.ask : result.sending ? chatEmailsWords.sending : chatEmailsWords.stopped;
    const next: ChatEmailsChange = result && !result.sending ? 'resubscribe' : 'unsubscribe';
    content = (
      <>
        <h1 className="text-3xl font-bold">{words.heading}</h1>
        <p className="mt-4 text-gray-700 dark:text-gray-300" role={result ? 'status' : undefined}>
          {result ? result.message : chatEmailsWords.ask.text}
        </p>
        <div className="mt-8 flex justify-center">
          <Button
            variant={result ? 'secondary' : 'primary'}
            onClick={() => act(next)}
            disabled={change.isPending}
            className="min-h-11 px-6"
          >
            {change.isPending ? words.pending : words.button}
          </Button>
        </div>
        {failure && (
          <div className="mt-6 text-left">
            <Alert title={failure}>Your link still works: please try again.</Alert>
          </div>
        )}
      </>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta
        title="Chat Emails | Nyota Cloud"
        description="Choose whether Nyota Cloud emails you the chat replies you missed."
        keywords="chat, email, unsubscribe"
      />
      {content}
    </section>
  );
}
