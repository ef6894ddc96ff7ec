/** The admin area's sections: what each page is for. */
export interface AdminSection {
  path: string;
  title: string;
  description: string;
}

export const adminSections: AdminSection[] = [
  { path: '/admin/requests', title: 'Requests', description: 'Contact and demo requests to answer, and the waitlist.' },
  { path: '/admin/settings', title: 'Site settings', description: 'Contact details, booking link and other site-wide settings.' },
  { path: '/admin/events', title: 'Events', description: 'Create, edit and delete the events shown on the events page.' },
  { path: '/admin/events/enhanced', title: 'Events (enhanced editor)', description: 'Bulk actions, duplicates, image upload and a live preview beside the editor.' },
  { path: '/admin/blogs', title: 'Blog posts', description: 'Write, edit, feature and delete blog posts.' },
  { path: '/admin/blogs/enhanced', title: 'Blog posts (enhanced editor)', description: 'Bulk actions, image upload and a live preview beside the editor.' },
  { path: '/admin/analytics', title: 'Analytics', description: 'Chats, registrations and contact requests per day; page views and visitors from those who accepted cookies.' },
  { path: '/admin/uploads', title: 'Uploads', description: 'Images for blog posts and events: upload, copy their address, delete.' },
  { path: '/admin/audit', title: 'Audit log', description: 'Who did what and when: staff sign-ins, settings, the team, content, privacy steps and exports.' },
  { path: '/admin/database', title: 'Database', description: 'Migrations, tables, message streams and dead letters to replay or discard.' },
  { path: '/admin/chat', title: 'Live chat console', description: 'Answer visitors chatting with the support team.' },
  { path: '/admin/privacy-requests', title: 'Privacy requests', description: 'Confirmed requests for access, correction or erasure of personal data, with their due dates.' },
  { path: '/admin/teams', title: 'Teams and routing', description: 'Group agents in teams and route chats to a team by the page they start on, a label or their language.' },
  { path: '/admin/agents', title: 'Agents', description: 'Invite support agents, change their roles, deactivate them, and manage canned replies.' },
];

export function adminSection(path: string): AdminSection {
  const found = adminSections.find((s) => s.path === path);
  if (!found) throw new Error(`Unknown admin section ${path}`);
  return found;
}
