// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/chatEmails';
import { Link, useSearchParams } from 'react-router-dom';
import type { ChatEmails } from '@/api-types/ChatEmails';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { RouteMeta } from '@/components/ui/route-meta';
import { t, type MessageId } from '@/i18n/i18n';
import { RequestError } from '@/lib/api-client';
import { type ChatEmailsChange, useChatEmailsChange } from '../api/chat-emails';

/** What the page says before and after each button: its messages' ids. */
const states = {
  ask: { heading: 'chatEmails.ask.heading', button: 'chatEmails.stop', pending: 'chatEmails.stopping' },
  stopped: { heading: 'chatEmails.stopped.heading', button: 'chatEmails.emailAgain', pending: 'chatEmails.saving' },
  sending: { heading: 'chatEmails.sending.heading', button: 'chatEmails.stop', pending: 'chatEmails.stopping' },
} as const satisfies Record<string, Record<'heading' | 'button' | 'pending', MessageId>>;

/**
 * /chat-emails?action=stop&token=…: where the "stop" link of a reply email
 * leads (the gateway sends the browser here, in the chat's language,
 * changing nothing). The button stops the emails; after that the page
 * offers to start them again. The server's answer is in the page's
 * language (the client sends it as Accept-Language). A mail program's own
 * unsubscribe button stops them without this page (RFC 8058).
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
        <h1 className="text-3xl font-bold">{t('chatEmails.invalid.heading')}</h1>
        <p className="mt-4 text-gray-700 dark:text-gray-300">{t('chatEmails.invalid.text')}</p>
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClass('primary')}>
            {t('chatEmails.invalid.home')}
          </Link>
        </div>
      </>
    );
  } else {
    const words = !result ? states.ask : result.sending ? states.sending : states.stopped;
    const next: ChatEmailsChange = result && !result.sending ? 'resubscribe' : 'unsubscribe';
    content = (
      <>
        <h1 className="text-3xl font-bold">{t(words.heading)}</h1>
        <p className="mt-4 text-gray-700 dark:text-gray-300" role={result ? 'status' : undefined}>
          {result ? result.message : t('chatEmails.ask.text')}
        </p>
        <div className="mt-8 flex justify-center">
          <Button
            variant={result ? 'secondary' : 'primary'}
            onClick={() => act(next)}
            disabled={change.isPending}
            className="min-h-11 px-6"
          >
            {change.isPending ? t(words.pending) : t(words.button)}
          </Button>
        </div>
        {failure && (
          <div className="mt-6 text-left">
            <Alert title={failure}>{t('chatEmails.stillWorks')}</Alert>
          </div>
        )}
      </>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <RouteMeta route="/chat-emails" />
      {content}
    </section>
  );
}
