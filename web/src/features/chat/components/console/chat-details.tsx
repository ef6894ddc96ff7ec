// The open chat's details, beside the conversation (or a screen of their own
// on a phone): contact, where and when it started, status, assignee, rating,
// how the visitor is reached (on the page, or by email), labels, the visitor's earlier chats and the transfer form.

import { stateText } from '../../lib/chat-states';
import type { ReactNode } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { describeBrowser, formatStartedAt } from '@/lib/console-format';
import { languageNames } from '@/lib/language-names';
import { mailtoHref } from '@/lib/mailto';
import { ChatEmailReach } from './chat-email-reach';
import { ChatLabelsEditor } from './chat-labels-editor';
import { ChatTransferForm } from './chat-transfer-form';
import { VisitorHistory } from './visitor-history';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** "Open, awaiting reply", "Snoozed until Mon 08:00 EAT" and the like. */
export function chatStatusText(chat: ChatSummary, now = Date.now()): string {
  return stateText(chat, now);
}

/** The assignee, the queue place, or "Unassigned" (text only: the caller isolates it). */
export function AssigneeText({ chat }: { chat: ChatSummary }) {
  if (chat.assignedAgentName !== null) return <bdi>{chat.assignedAgentName}</bdi>;
  if (chat.queuePosition === null) return <>Unassigned</>;
  return (
    <>
      {chat.teamName === null ? 'In the queue' : <>In the queue of <bdi>{chat.teamName}</bdi></>}, #{chat.queuePosition}
    </>
  );
}

export function ChatDetails({ chat }: { chat: ChatSummary }) {
  const resolved = chat.status === 'resolved';
  return (
    <div className="divide-y divide-gray-200 dark:divide-gray-800 [&>*]:py-4 [&>*:first-child]:pt-0">
      <section aria-labelledby={`visitor-${chat.sessionId}`}>
        <h3 id={`visitor-${chat.sessionId}`} className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
          Visitor
        </h3>
        <dl className="mt-2 grid grid-cols-1 gap-2.5">
          <Detail label="Email">
            <a href={mailtoHref(chat.visitorEmail)} className="text-brand-dark underline dark:text-brand-light">
              <bdi>{chat.visitorEmail}</bdi>
            </a>
          </Detail>
          <Detail label="Started">
            <time dateTime={chat.createdAt}>{formatStartedAt(chat.createdAt)}</time>
          </Detail>
          <Detail label="Language">{languageNames[chat.language]}</Detail>
          <Detail label="Page">{chat.pageUrl === null ? 'Unknown' : <bdi>{chat.pageUrl}</bdi>}</Detail>
          <Detail label="Browser">
            <span title={chat.userAgent ?? undefined}>{describeBrowser(chat.userAgent)}</span>
          </Detail>
          <Detail label="Status">{chatStatusText(chat)}</Detail>
          <Detail label="Team">{chat.teamName === null ? 'No team (everyone)' : <bdi>{chat.teamName}</bdi>}</Detail>
          <Detail label="Assignee">
            <AssigneeText chat={chat} />
          </Detail>
          <Detail label="Rating">
            {chat.rating === null ? (
              resolved ? 'Not rated yet' : 'Asked once resolved'
            ) : (
              <span title={chat.ratingComment ?? undefined}>
                {chat.rating}/5
                {chat.ratingComment ? (
                  <>
                    {' '}
                    — <bdi>{chat.ratingComment}</bdi>
                  </>
                ) : null}
              </span>
            )}
          </Detail>
        </dl>
      </section>
      <ChatEmailReach sessionId={chat.sessionId} />
      <ChatLabelsEditor chat={chat} />
      <VisitorHistory sessionId={chat.sessionId} visitorName={chat.visitorName} />
      {!resolved && <ChatTransferForm chat={chat} />}
    </div>
  );
}
