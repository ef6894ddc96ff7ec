// /admin/agents (admins only): the support team — invite by email, change a
// role, deactivate.

import { useState, type FormEvent } from 'react';
import type { Role } from '@/api-types/Role';
import type { TeamMember } from '@/api-types/TeamMember';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth/get-user';
import { useInviteMember, useTeam, useUpdateMember } from '../api/team';
import { AdminSectionPage } from './admin-section-page';
import { InputField, inputClass } from './form-fields';
import { headRowClass, LoadFailed, rowClass, tableClass } from './list-states';

const roleLabels: Record<Role, string> = { admin: 'Admin', support: 'Support agent', user: 'Customer (no access)' };

export default function AdminAgentsPage() {
  return (
    <AdminSectionPage path="/admin/agents">
      <TeamPanel />
    </AdminSectionPage>
  );
}

function TeamPanel() {
  const team = useTeam();
  const { data: me } = useUser();
  return (
    <div className="space-y-8">
      <InviteForm />
      <section aria-labelledby="team-heading" className="space-y-3">
        <h2 id="team-heading" className="text-2xl font-semibold">
          Team
        </h2>
        {team.isPending && <LoadingMessage>Loading the team...</LoadingMessage>}
        {team.isError && (
          <LoadFailed title="Could not load the team" message={team.error.message} onRetry={() => void team.refetch()} retrying={team.isFetching} />
        )}
        {team.data && (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr className={headRowClass}>
                  <th className="p-2">Name</th>
                  <th className="p-2">Email</th>
                  <th className="p-2">Role</th>
                  <th className="p-2">Status</th>
                  <th className="p-2">Capacity</th>
                  <th className="p-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {team.data.map((member) => (
                  <MemberRow key={member.id} member={member} isMe={member.id === me?.id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function memberStatus(member: TeamMember): string {
  if (!member.active) return 'Deactivated';
  return member.pending ? 'Invited, no password yet' : 'Active';
}

function MemberRow({ member, isMe }: { member: TeamMember; isMe: boolean }) {
  const update = useUpdateMember();
  return (
    <tr className={rowClass}>
      <td className="p-2">
        <bdi>{member.name}</bdi>
        {isMe && ' (you)'}
      </td>
      <td className="p-2">
        <bdi>{member.email}</bdi>
      </td>
      <td className="p-2">
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          disabled={isMe || update.isPending}
          onChange={(e) => update.mutate({ id: member.id, patch: { role: e.target.value as Role } })}
          className={inputClass(false)}
        >
          {(Object.keys(roleLabels) as Role[]).map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
      </td>
      <td className="p-2">{memberStatus(member)}</td>
      <td className="p-2">{member.capacity}</td>
      <td className="p-2">
        {!isMe && (
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: member.id, patch: { active: !member.active } })}
          >
            {member.active ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
          </Button>
        )}
        {update.isError && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {update.error.message}
          </p>
        )}
      </td>
    </tr>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    invite.mutate(
      { email, name, role },
      {
        onSuccess: (member) => {
          setSentTo(member.email);
          setEmail('');
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="invite-heading" className="space-y-3">
      <h2 id="invite-heading" className="text-2xl font-semibold">
        Invite an agent
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        They get an email with a link to choose their password, valid for 48 hours. Inviting a pending address again sends a new link.
      </p>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <InputField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <InputField label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <div>
          <label htmlFor="invite-role" className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
            Role
          </label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClass(false)}>
            <option value="support">{roleLabels.support}</option>
            <option value="admin">{roleLabels.admin}</option>
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      {invite.isError && <Alert title="Invitation not sent">{invite.error.message}</Alert>}
      {sentTo && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          Invitation sent to <bdi>{sentTo}</bdi>.
        </p>
      )}
    </section>
  );
}
