import { AdminSectionPage } from './admin-section-page';

export default function AdminChatPage() {
  return <AdminSectionPage path="/admin/chat" />;
}
