import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ChatHoursPromise, aroundTheClock } from './chat-hours-promise';
import type { SettingsFormValues } from '../lib/settings-rules';

type Hours = SettingsFormValues['chatHours'];
const everyDay = ['1', '2', '3', '4', '5', '6', '7'];

function Form({ hours }: { hours: Hours }) {
  const { control } = useForm<SettingsFormValues>({ defaultValues: { chatHours: hours } as SettingsFormValues });
  return <ChatHoursPromise control={control} />;
}

describe('ChatHoursPromise', () => {
  it('says nothing while chat is open every day, all day', () => {
    expect(aroundTheClock({ days: everyDay, opens: '00:00', closes: '00:00' })).toBe(true);
    render(<Form hours={{ days: everyDay, opens: '00:00', closes: '00:00' }} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('reminds an admin who narrows the hours that the site promises 24/7 support', () => {
    for (const hours of [
      { days: ['1', '2', '3', '4', '5'], opens: '00:00', closes: '00:00' },
      { days: everyDay, opens: '08:00', closes: '18:00' },
    ]) {
      expect(aroundTheClock(hours)).toBe(false);
      const { unmount } = render(<Form hours={hours} />);
      expect(screen.getByRole('note')).toHaveTextContent('The site promises 24/7 support');
      unmount();
    }
  });
});
