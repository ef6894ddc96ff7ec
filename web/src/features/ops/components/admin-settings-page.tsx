import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { useAdminSiteSettings } from '../api/site-settings';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { SettingsForm } from './settings-form';

export default function AdminSettingsPage() {
  const settings = useAdminSiteSettings();
  return (
    <AdminSectionPage path="/admin/settings">
      {settings.isPending ? (
        <LoadingMessage>Loading settings...</LoadingMessage>
      ) : settings.isError ? (
        <div className="space-y-4">
          <Alert title="The settings could not be loaded">{settings.error.message}</Alert>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </AdminSectionPage>
  );
}
