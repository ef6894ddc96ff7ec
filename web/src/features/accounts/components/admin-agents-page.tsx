// /admin/agents (admins only): the support team — invite by email, change a
// role, deactivate — and, on a second tab, the canned replies agents insert
// with `/` in the chat console.

import { useState, type FormEvent } from 'react';
import type { CannedResponse } from '@/api-types/CannedResponse';
import type { Language } from '@/api-types/Language';
import type { Role } from '@/api-types/Role';
import type { TeamMember } from '@/api-types/TeamMember';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LoadingMessage } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth/get-user';
import { useCannedResponses, useDeleteCannedResponse, useSaveCannedResponse } from '@/lib/api/canned-responses';
import { languageNames, staffLanguages } from '@/lib/language-names';
import { useInviteMember, useTeam, useUpdateMember } from '../api/team';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { InputField, inputClass } from '@/components/admin/form-fields';
import { headRowClass, LoadFailed, rowClass, tableClass } from '@/components/admin/list-states';
import { chatLimits } from '@/api-types/input-limits';

type Tab = 'team' | 'canned';

const roleLabels: Record<Role, string> = { admin: 'Admin', support: 'Support agent', user: 'Customer (no access)' };

export default function AdminAgentsPage() {
  const [tab, setTab] = useState<Tab>('team');
  const tabs: { id: Tab; label: string }[] = [
    { id: 'team', label: 'Team' },
    { id: 'canned', label: 'Canned replies' },
  ];
  return (
    <AdminSectionPage path="/admin/agents">
      <div role="tablist" aria-label="Agents" className="flex gap-2 border-b border-gray-200 dark:border-gray-700">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              tab === t.id ? 'border-brand-dark text-brand-dark dark:border-brand-light dark:text-brand-light' : 'border-transparent',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === 'team' ? <TeamPanel /> : <CannedPanel />}
      </div>
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

function CannedPanel() {
  const replies = useCannedResponses();
  const remove = useDeleteCannedResponse();
  const [editing, setEditing] = useState<CannedResponse | null>(null);
  return (
    <div className="space-y-8">
      <CannedForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="canned-heading" className="space-y-3">
        <h2 id="canned-heading" className="text-2xl font-semibold">
          Canned replies
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          In the chat console, type <kbd>/</kbd> and a few letters of a shortcut or title. <code>{'{{visitor.name}}'}</code> and{' '}
          <code>{'{{agent.name}}'}</code> are filled in.
        </p>
        {replies.isPending && <LoadingMessage>Loading canned replies...</LoadingMessage>}
        {replies.isError && (
          <LoadFailed title="Could not load the canned replies" message={replies.error.message} onRetry={() => void replies.refetch()} retrying={replies.isFetching} />
        )}
        {replies.data?.length === 0 && <p>No canned replies yet.</p>}
        {remove.isError && <Alert title="Not deleted">{remove.error.message}</Alert>}
        <ul className="divide-y divide-gray-200 dark:divide-gray-700">
          {replies.data?.map((reply) => (
            <li key={reply.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <span className="font-mono">/{reply.shortcut}</span> <bdi>{reply.title}</bdi>
                  {reply.language !== 'en' && (
                    <span className="ml-2 rounded border border-gray-300 px-1 text-xs font-semibold text-gray-700 dark:border-gray-600 dark:text-gray-200">
                      {languageNames[reply.language]}
                    </span>
                  )}
                </p>
                <p className="whitespace-pre-line text-sm text-gray-700 dark:text-gray-300">
                  <bdi>{reply.body}</bdi>
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(reply)}>
                  Edit /{reply.shortcut}
                  {reply.language !== 'en' && <span className="sr-only"> ({languageNames[reply.language]})</span>}
                </Button>
                <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(reply.id)}>
                  Delete /{reply.shortcut}
                  {reply.language !== 'en' && <span className="sr-only"> ({languageNames[reply.language]})</span>}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function CannedForm({ editing, onDone }: { editing: CannedResponse | null; onDone: () => void }) {
  const save = useSaveCannedResponse();
  const [shortcut, setShortcut] = useState(editing?.shortcut ?? '');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [language, setLanguage] = useState<Language>(editing?.language ?? 'en');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: editing?.id, input: { shortcut, title, body, language } },
      {
        onSuccess: () => {
          setShortcut('');
          setTitle('');
          setBody('');
          onDone();
        },
      },
    );
  };

  return (
    <section aria-labelledby="canned-form-heading" className="space-y-3">
      <h2 id="canned-form-heading" className="text-2xl font-semibold">
        {editing ? `Edit /${editing.shortcut}` : 'New canned reply'}
      </h2>
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Shortcut"
            required
            maxLength={chatLimits.cannedShortcutChars}
            pattern="[a-z0-9\-]+"
            hint={`Lowercase letters, digits and dashes, up to ${chatLimits.cannedShortcutChars}.`}
            value={shortcut}
            onChange={(e) => setShortcut(e.target.value)}
          />
          <InputField label="Title" required maxLength={chatLimits.cannedTitleChars} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div>
          <label htmlFor="canned-language" className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
            Language
          </label>
          <select
            id="canned-language"
            aria-describedby="canned-language-hint"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            className={inputClass(false)}
          >
            {staffLanguages.map((code) => (
              <option key={code} value={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
          <p id="canned-language-hint" className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            A shortcut can have a version in each language: a chat is offered the one in its language, else the English one.
          </p>
        </div>
        <InputField multiline label="Reply text" required rows={4} maxLength={chatLimits.messageChars} value={body} onChange={(e) => setBody(e.target.value)} />
        {save.isError && <Alert title="Not saved">{save.error.message}</Alert>}
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Save changes' : 'Add canned reply'}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
