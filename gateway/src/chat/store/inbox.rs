//! The agents' inbox: chat summaries by status and assignee, the waiting
//! count, a visitor's other chats, and search over every conversation.

use contract::chat::{ChatState, ChatStatus, ChatSummary, SearchHit, StateCounts, VisitorChat};
use contract::language::Language;
use serde::Deserialize;

use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

#[derive(Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusFilter {
    #[default]
    All,
    /// Open: needs an agent (not pending, not snoozed).
    Open,
    /// Waiting on the visitor.
    Pending,
    /// Put aside until a time or the visitor's next message.
    Snoozed,
    Resolved,
    /// Open and the visitor spoke last: waiting for an agent's reply.
    Unanswered,
}

#[derive(Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AssignedFilter {
    #[default]
    All,
    Me,
    Unassigned,
}

/// Which team's chats the inbox shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TeamFilter {
    #[default]
    All,
    /// Chats of the teams the agent is in.
    Mine,
    /// Chats without a team.
    None,
    Team(Uuid),
}

/// The agent inbox for `agent_id`, most recent activity first. A queued
/// chat's place is in its team's queue.
pub async fn summaries(
    pool: &PgPool,
    agent_id: Uuid,
    status: StatusFilter,
    assigned: AssignedFilter,
    label: Option<&str>,
    team: TeamFilter,
) -> Result<Vec<ChatSummary>, sqlx::Error> {
    let (state, unanswered) = match status {
        StatusFilter::All => (None, None),
        StatusFilter::Open => (Some(ChatState::Open), None),
        StatusFilter::Pending => (Some(ChatState::Pending), None),
        StatusFilter::Snoozed => (Some(ChatState::Snoozed), None),
        StatusFilter::Resolved => (Some(ChatState::Resolved), None),
        StatusFilter::Unanswered => (None, Some(true)),
    };
    let (mine, unassigned) = match assigned {
        AssignedFilter::All => (false, false),
        AssignedFilter::Me => (true, false),
        AssignedFilter::Unassigned => (false, true),
    };
    let (my_teams, no_team, team_id) = match team {
        TeamFilter::All => (false, false, None),
        TeamFilter::Mine => (true, false, None),
        TeamFilter::None => (false, true, None),
        TeamFilter::Team(id) => (false, false, Some(id)),
    };
    sqlx::query_as!(
        ChatSummary,
        r#"select v.session_id as "session_id!", v.visitor_name as "visitor_name!",
                  v.visitor_email as "visitor_email!", v.status as "status!: ChatStatus",
                  awaiting_reply as "awaiting_reply!", v.assigned_agent_id, assigned_agent_name,
                  unread_count as "unread_count!", last_message_preview,
                  last_message_at as "last_message_at!", waiting_since,
                  v.created_at as "created_at!", v.page_url, v.user_agent,
                  case when v.queue_position is not null then
                      (select count(*) from chat_sessions q
                        where q.status = 'open' and q.assigned_agent_id is null
                          and q.team_id is not distinct from s.team_id
                          and (q.created_at, q.id) <= (s.created_at, s.id))
                  end as queue_position,
                  rating, rating_comment, v.labels as "labels!", first_reply_at,
                  s.language as "language!: Language", s.team_id, t.name as "team_name?",
                  v.state as "state!: ChatState", v.snoozed_until
           from chat_summaries v join chat_sessions s on s.id = v.session_id
           left join teams t on t.id = s.team_id
           where ($2::text is null or v.state = $2)
             and ($3::bool is null or awaiting_reply)
             and (not $4 or v.assigned_agent_id = $1)
             and (not $5 or v.assigned_agent_id is null)
             and ($6::text is null or $6 = any(v.labels))
             and (not $7 or exists(select 1 from team_members m
                                   where m.team_id = s.team_id and m.agent_id = $1))
             and (not $8 or s.team_id is null)
             and ($9::uuid is null or s.team_id = $9)
           order by last_message_at desc limit 500"#,
        agent_id,
        state as Option<ChatState>,
        unanswered,
        mine,
        unassigned,
        label,
        my_teams,
        no_team,
        team_id,
    )
    .fetch_all(pool)
    .await
}

/// How many chats are in each state, with the inbox's assignment and label
/// filters (`agent_id`: the agent asking, for `me`).
pub async fn state_counts(
    pool: &PgPool,
    agent_id: Uuid,
    assigned: AssignedFilter,
    label: Option<&str>,
) -> Result<StateCounts, sqlx::Error> {
    let (mine, unassigned) = match assigned {
        AssignedFilter::All => (false, false),
        AssignedFilter::Me => (true, false),
        AssignedFilter::Unassigned => (false, true),
    };
    let row = sqlx::query!(
        r#"select count(*) filter (where status = 'open') as "open!",
                  count(*) filter (where status = 'pending') as "pending!",
                  count(*) filter (where status = 'snoozed') as "snoozed!",
                  count(*) filter (where status = 'resolved') as "resolved!",
                  count(*) as "all!"
           from chat_sessions
           where (not $2 or assigned_agent_id = $1)
             and (not $3 or assigned_agent_id is null)
             and ($4::text is null or $4 = any(labels))"#,
        agent_id,
        mine,
        unassigned,
        label,
    )
    .fetch_one(pool)
    .await?;
    Ok(StateCounts {
        open: row.open,
        pending: row.pending,
        snoozed: row.snoozed,
        resolved: row.resolved,
        all: row.all,
    })
}

/// One chat's inbox row.
pub async fn summary(pool: &PgPool, chat_id: Uuid) -> Result<Option<ChatSummary>, sqlx::Error> {
    sqlx::query_as!(
        ChatSummary,
        r#"select v.session_id as "session_id!", v.visitor_name as "visitor_name!",
                  v.visitor_email as "visitor_email!", v.status as "status!: ChatStatus",
                  awaiting_reply as "awaiting_reply!", v.assigned_agent_id, assigned_agent_name,
                  unread_count as "unread_count!", last_message_preview,
                  last_message_at as "last_message_at!", waiting_since,
                  v.created_at as "created_at!", v.page_url, v.user_agent,
                  case when v.queue_position is not null then
                      (select count(*) from chat_sessions q
                        where q.status = 'open' and q.assigned_agent_id is null
                          and q.team_id is not distinct from s.team_id
                          and (q.created_at, q.id) <= (s.created_at, s.id))
                  end as queue_position,
                  rating, rating_comment, v.labels as "labels!", first_reply_at,
                  s.language as "language!: Language", s.team_id, t.name as "team_name?",
                  v.state as "state!: ChatState", v.snoozed_until
           from chat_summaries v join chat_sessions s on s.id = v.session_id
           left join teams t on t.id = s.team_id
           where v.session_id = $1"#,
        chat_id,
    )
    .fetch_optional(pool)
    .await
}

/// How many chats wait for an agent's reply, and since when the oldest.
pub async fn waiting(pool: &PgPool) -> Result<(i64, Option<OffsetDateTime>), sqlx::Error> {
    let row = sqlx::query!(
        r#"select count(*) as "count!", min(waiting_since) as oldest
           from chat_summaries where awaiting_reply"#
    )
    .fetch_one(pool)
    .await?;
    Ok((row.count, row.oldest))
}

/// Open chats without a first agent reply: how many started more than
/// `minutes` ago, and when the oldest of them all started.
pub async fn unanswered(
    pool: &PgPool,
    minutes: u32,
) -> Result<(i64, Option<OffsetDateTime>), sqlx::Error> {
    let row = sqlx::query!(
        r#"select count(*) filter (where s.created_at < now() - $1 * interval '1 minute')
                      as "too_long!",
                  min(s.created_at) as oldest
           from chat_sessions s
           where s.status = 'open'
             and not exists(select 1 from chat_messages m
                            where m.session_id = s.id and m.sender_type = 'agent')"#,
        f64::from(minutes)
    )
    .fetch_one(pool)
    .await?;
    Ok((row.too_long, row.oldest))
}
/// The visitor's other chats (same email, whatever its case, or same
/// account), newest first, at most 20.
pub async fn visitor_history(
    pool: &PgPool,
    chat_id: Uuid,
) -> Result<Vec<VisitorChat>, sqlx::Error> {
    sqlx::query_as!(
        VisitorChat,
        r#"select o.id as session_id,
                  case when o.status = 'resolved' then 'resolved' else 'open' end
                      as "status!: ChatStatus",
                  o.created_at,
                  (select left(m.message, 140) from chat_messages m
                    where m.session_id = o.id and m.sender_type = 'user'
                    order by m.id limit 1) as first_line
           from chat_sessions c
           join chat_sessions o
             on o.id <> c.id
            and (lower(o.visitor_email) = lower(c.visitor_email)
                 or (c.user_id is not null and o.user_id = c.user_id))
           where c.id = $1
           order by o.created_at desc limit 20"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}
/// Every conversation searched: messages by full text (`simple`
/// configuration, all words must match), and chats by visitor name or
/// email. Newest first, at most 50.
pub async fn search(pool: &PgPool, text: &str) -> Result<Vec<SearchHit>, sqlx::Error> {
    let pattern = format!(
        "%{}%",
        text.replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    sqlx::query_as!(
        SearchHit,
        r#"select session_id as "session_id!", visitor_name as "visitor_name!",
                  visitor_email as "visitor_email!", message_id, excerpt,
                  created_at as "created_at!"
           from (
               (select m.session_id, s.visitor_name, s.visitor_email, m.id as message_id,
                       left(m.message, 200) as excerpt, m.created_at
                from chat_messages m join chat_sessions s on s.id = m.session_id
                where to_tsvector('simple', m.message) @@ websearch_to_tsquery('simple', $1)
                order by m.created_at desc limit 50)
               union all
               (select s.id, s.visitor_name, s.visitor_email, null::uuid,
                       (select left(m.message, 200) from chat_messages m
                         where m.session_id = s.id and m.sender_type = 'user'
                         order by m.id limit 1),
                       s.created_at
                from chat_sessions s
                where s.visitor_name ilike $2 or s.visitor_email ilike $2
                order by s.created_at desc limit 50)
           ) hits
           order by created_at desc limit 50"#,
        text,
        pattern
    )
    .fetch_all(pool)
    .await
}
