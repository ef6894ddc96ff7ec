// What the audit screen calls each kind of entity and action; a name it
// has not seen (recorded by newer code) is shown as it is.

const entityLabels: Record<string, string> = {
  account: 'Account',
  agent: 'Team member',
  agent_profile: 'Agent profile',
  audit_log: 'Audit log',
  blog_post: 'Blog post',
  canned_response: 'Canned reply',
  contact_request: 'Contact request',
  dead_letter: 'Dead letter',
  event: 'Event',
  privacy_request: 'Privacy request',
  second_factor: 'Second factor',
  routing_rule: 'Routing rule',
  site_settings: 'Site settings',
  team: 'Team',
  upload: 'Upload',
  waitlist: 'Waitlist',
};

const actionLabels: Record<string, string> = {
  create: 'Create',
  update: 'Change',
  delete: 'Delete',
  export: 'Export',
  sign_in: 'Sign in',
  sign_in_failed: 'Failed sign-in',
  invite: 'Invite',
  reinvite: 'Invite again',
  replay: 'Replay',
  discard: 'Discard',
  enrol: 'Set up',
  remove: 'Remove',
  seed: 'Seed',
  request: 'Request',
  confirm: 'Confirm',
  acknowledge: 'Acknowledge',
  respond: 'Respond',
  mark_complex: 'Mark complex',
  fulfil: 'Fulfil',
  use_recovery_code: 'Use a recovery code',
  members: 'Change members',
  reorder: 'Reorder',
};

/** The entity's label, or its raw name when none is known. */
export function entityLabel(entity: string): string {
  return entityLabels[entity] ?? entity;
}

/** The action's label, or its raw name when none is known. */
export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}
