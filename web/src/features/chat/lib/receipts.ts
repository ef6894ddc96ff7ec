// Receipts: where each message is for the other side. A side says how far it
// has got (delivered: on this device; seen: in view, tab visible) with one
// `receipt` frame naming the newest of the other side's messages; the server
// stores it through the durable path and tells every socket on the chat,
// which marks the messages up to it (never a step back).

import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ReceiptState } from '@/api-types/ReceiptState';
import type { ServerFrame } from '@/api-types/ServerFrame';

export type Reader = 'user' | 'agent';
export type ReceiptFrame = Extract<ServerFrame, { type: 'receipt' }>;

/** The side whose messages `reader`'s receipts are about. */
const writerOf = (reader: Reader): Reader => (reader === 'user' ? 'agent' : 'user');

/**
 * The receipt `reader` owes for `messages`: for the other side's newest
 * message, "seen" when the chat is in view and it is not seen yet, else
 * "delivered" when it is not delivered yet; null when there is nothing to say.
 */
export function receiptToSend(
  messages: readonly ChatMessage[],
  reader: Reader,
  inView: boolean,
): { state: ReceiptState; through: string } | null {
  const writer = writerOf(reader);
  let newest: ChatMessage | undefined;
  for (let at = messages.length - 1; at >= 0 && !newest; at -= 1) {
    if (messages[at]!.senderType === writer) newest = messages[at];
  }
  if (!newest) return null;
  if (inView && !newest.seenAt) return { state: 'seen', through: newest.id };
  if (!newest.deliveredAt && !newest.seenAt) return { state: 'delivered', through: newest.id };
  return null;
}

/**
 * `list` with `frame`'s receipt applied: each message of the other side up to
 * `through` gets its first delivery (and, for "seen", sight) time; `list`
 * itself when nothing changed.
 */
export function applyReceiptTo(list: ChatMessage[], frame: ReceiptFrame): ChatMessage[] {
  const writer = writerOf(frame.reader as Reader);
  let changed = false;
  const next = list.map((message) => {
    if (message.senderType !== writer || message.id > frame.through) return message;
    const deliveredAt = message.deliveredAt ?? frame.at;
    const seenAt = frame.state === 'seen' ? (message.seenAt ?? frame.at) : message.seenAt;
    if (deliveredAt === message.deliveredAt && seenAt === message.seenAt) return message;
    changed = true;
    return { ...message, deliveredAt, ...(seenAt ? { seenAt } : {}) };
  });
  return changed ? next : list;
}

/** Where one of the viewer's stored messages is: sent (stored), delivered or seen. */
export type MessageStatus = { state: 'sent' | 'delivered' | 'seen'; at: string };

export function messageStatus(message: ChatMessage): MessageStatus {
  if (message.seenAt) return { state: 'seen', at: message.seenAt };
  if (message.deliveredAt) return { state: 'delivered', at: message.deliveredAt };
  return { state: 'sent', at: message.createdAt };
}
