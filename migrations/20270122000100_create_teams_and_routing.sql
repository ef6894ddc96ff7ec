-- Issue 40, teams: an admin groups agents in teams and routes chats to a
-- team by rules tried in the order the admin sets. Written only by
-- `gateway/src/chat/store/teams.rs` (teams, members, rules); a chat's team
-- is written with the chat (`chat/store/sessions.rs`, `agents.rs`).
create table teams (
    id uuid primary key,
    name text not null check (length(name) between 1 and 60),
    description text check (length(description) <= 500),
    -- When no member is available (online with a console open), the team's
    -- chats go to every available agent instead of waiting for a member.
    fallback_to_everyone boolean not null default true,
    created_at timestamptz not null default now()
);
-- "Sales" and "sales" are the same team to the people choosing one.
create unique index teams_name_key on teams (lower(name));

create table team_members (
    team_id uuid not null references teams (id) on delete cascade,
    agent_id uuid not null references users (id) on delete cascade,
    primary key (team_id, agent_id)
);
create index team_members_agent_id on team_members (agent_id);

-- A chat matching `kind`/`value` goes to `team_id`; the rule with the
-- lowest `position` that matches wins. `page`: a path prefix of the page the
-- chat started on (`/pricing`); `label`: a label on the chat; `language`:
-- the chat's language code.
create table team_routing_rules (
    id uuid primary key,
    position integer not null,
    kind text not null check (kind in ('page', 'label', 'language')),
    value text not null check (length(value) between 1 and 200),
    team_id uuid not null references teams (id) on delete cascade,
    created_at timestamptz not null default now()
);
create index team_routing_rules_position on team_routing_rules (position, id);
create index team_routing_rules_team_id on team_routing_rules (team_id);

-- The team a chat is in (none: everyone's). A deleted team's chats become
-- everyone's.
alter table chat_sessions add column team_id uuid references teams (id) on delete set null;
-- The queue of each team, oldest first (assignment and queue positions).
create index chat_sessions_team_queue on chat_sessions (team_id, created_at, id)
    where status = 'open' and assigned_agent_id is null;
-- A second rule on the same page, label or language could never match.
create unique index team_routing_rules_kind_value_key on team_routing_rules (kind, value);
