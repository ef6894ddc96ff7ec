import { get, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { RetentionPeriods } from '@/api-types/RetentionPeriods';
import { retentionRules } from '@/api-types/retention-rules';
import { TextField } from '@/components/ui/text-field';
import type { SettingsFormValues } from '../lib/settings-rules';

/** What each retention period covers, under its field in the form. */
const retentionHelp: Record<keyof RetentionPeriods, string> = {
  resolvedChatsMonths: 'After the last message: the chat with its messages, attachments, notes and rating.',
  contactRequestsMonths: 'Contact and demo requests, after they were sent.',
  unconfirmedSubscriptionsDays: 'Never confirmed, or unsubscribed: after the last request or unsubscribe.',
  pageVisitorsDays: 'The anonymous visitors of each day. Daily page-view totals are kept.',
  deadLettersDays: 'Messages a worker gave up on, with their contents.',
  auditLogMonths: 'Who changed what in the admin.',
  cookieConsentsMonths: 'Cookie banner choices on record.',
  sentEmailsMonths: 'The record of each email sent (address, what about, when), after sending.',
  waitlistEntriesMonths: 'Waitlist entries, after joining.',
};

interface Props {
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

const message = (errors: FieldErrors<SettingsFormValues>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/**
 * The retention periods of the site settings (the "Data protection"
 * section): how long each kind of personal data is kept before the retention
 * worker deletes it.
 */
export function RetentionSettingsFields({ register, errors }: Props) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        How long each kind of personal data is kept. The retention worker deletes what is older every hour. Expired
        sign-in sessions and password-reset tokens are deleted at once.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {retentionRules.map((rule) => (
          <div key={rule.field}>
            <TextField
              label={`${rule.label} (${rule.unit})`}
              type="number"
              min={rule.min}
              max={rule.max}
              step={1}
              inputMode="numeric"
              error={message(errors, `retention.${rule.field}`)}
              {...register(`retention.${rule.field}`, { valueAsNumber: true })}
            />
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{retentionHelp[rule.field]}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
