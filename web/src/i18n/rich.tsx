import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { t, type MessageId, type MessageValues } from './i18n';

/**
 * A message with elements inside it: "Read our <0>Privacy Policy</0>." with
 * `parts={[<Link to="/privacy" />]}` puts the words between <0> and </0>
 * into part 0. A translation moves the tags with the words they wrap.
 */
export function Rich({ id, values, parts }: { id: MessageId; values?: MessageValues; parts: ReactElement[] }) {
  return <>{richText(t(id, values), parts)}</>;
}

export function richText(text: string, parts: ReactElement[]): ReactNode[] {
  const out: ReactNode[] = [];
  const tag = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const part = parts[Number(match[1])];
    out.push(part ? cloneElement(part, { key: out.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
