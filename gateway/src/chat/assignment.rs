//! Who answers which chat: agents' availability, fair auto-assignment with
//! capacity, the queue, transfers and the return of an absent agent's chats
//! to the queue.
//!
//! An agent takes new chats while their status is `online` and a console of
//! theirs is open on some gateway: each gateway records its agents'
//! consoles in `agent_consoles` as they open and close and refreshes them
//! every [`HEARTBEAT`]; the rows of a gateway that died count until they are
//! [`FRESH`]-old. [`assign_waiting`] runs whenever capacity may
//! have appeared (a chat started or resolved, an agent came online or
//! connected, a transfer, and on every heartbeat as a safety net); the
//! queries it runs take turns under one advisory lock, so assignment is
//! race-free across gateways (see [`store::assign_queue`]).
//!
//! The rule itself is [`share_out`]: each queued chat, oldest first, to the
//! agent with the fewest open chats who has room under their capacity,
//! among the members of the chat's team when it has one (everyone when no
//! member is available and the team falls back to everyone).
//!
//! Every assignment and transfer is an event in the agents' side of the
//! conversation (`chat_notes`); the visitor sees only "<agent> joined the
//! chat".

use std::time::Duration;

use contract::chat::{InboxReason, NoteKind, SenderType};
use contract::language::Language;
use runtime::texts;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::{ChatError, publish_inbox_update, send_message, store, teams};
use crate::state::AppState;

/// How often a gateway tells the database which agents have a console open.
pub const HEARTBEAT: Duration = Duration::from_secs(10);
/// An agent whose console was not seen for this long takes no new chats.
pub const FRESH: Duration = Duration::from_secs(30);

/// What the visitor reads when an agent takes their chat, in the chat's
/// language: `agent_name` is the name the agent is shown under (display
/// name, else account name).
pub fn joined_notice(language: Language, agent_name: &str) -> String {
    texts::say(language, "chat-joined", &[("agent", agent_name.into())])
}

/// Tells both sides that agent `agent_id` (shown as `agent_name`) now has
/// the chat: an event for the agents, an inbox update, and the joined notice
/// for the visitor unless the last one they read named the same agent (a
/// chat back with its agent after a return to the queue).
async fn announce(
    state: &AppState,
    chat_id: Uuid,
    agent_id: Uuid,
    agent_name: &str,
    event: &str,
) -> Result<(), ChatError> {
    store::add_note(&state.pool, chat_id, NoteKind::Event, None, event).await?;
    if store::mark_announced(&state.pool, chat_id, agent_id).await? {
        let language = store::language(&state.pool, chat_id).await?;
        send_message(
            state,
            chat_id,
            SenderType::System,
            None,
            joined_notice(language, agent_name),
        )
        .await?;
    }
    publish_inbox_update(state, chat_id, InboxReason::Assignment).await;
    Ok(())
}

/// Gives queued chats to available agents (see the module docs).
pub async fn assign_waiting(state: &AppState) -> Result<(), ChatError> {
    let assignments = store::assign_queue(&state.pool, FRESH, share_out).await?;
    announce_all(state, &assignments).await
}

/// Tells both sides of each of `assignments`.
async fn announce_all(
    state: &AppState,
    assignments: &[store::Assignment],
) -> Result<(), ChatError> {
    for assignment in assignments {
        let event = format!("Assigned to {}", assignment.agent_name);
        announce(
            state,
            assignment.chat_id,
            assignment.agent_id,
            &assignment.agent_name,
            &event,
        )
        .await?;
    }
    Ok(())
}

/// Agent `from` hands chat `chat_id` to team `team_id` (named
/// `team_name`): the chat leaves its agent and is assigned within the team
/// at once (to someone other than `from`), or waits in the team's queue.
/// Returns the agent who has it now, if any.
pub async fn transfer_to_team(
    state: &AppState,
    chat_id: Uuid,
    from: Uuid,
    team_id: Uuid,
    team_name: &str,
) -> Result<Option<Uuid>, ChatError> {
    let from_name = shown_name(state, from).await?;
    let event = format!("Transferred by {from_name} to the team {team_name}");
    let assignments = store::transfer_to_team(
        &state.pool,
        FRESH,
        chat_id,
        team_id,
        from,
        &event,
        share_out,
    )
    .await?;
    let given = assignments
        .iter()
        .find(|a| a.chat_id == chat_id)
        .map(|a| a.agent_id);
    if given.is_none() {
        // Queued: the trail and the inbox say so; no one joined.
        publish_inbox_update(state, chat_id, InboxReason::Assignment).await;
    }
    announce_all(state, &assignments).await?;
    Ok(given)
}

/// The rules run again on chat `chat_id` (its labels changed): while it
/// waits in the queue it moves to the team they name now, if they name one
/// other than its own (see `chat::teams`). Returns whether it moved.
pub async fn reroute(state: &AppState, chat_id: Uuid) -> Result<bool, ChatError> {
    let Some(facts) = store::routing_facts(&state.pool, chat_id).await? else {
        return Ok(false);
    };
    if !facts.queued {
        return Ok(false);
    }
    let rules = store::routing_rules(&state.pool).await?;
    let chat = teams::ChatFacts {
        page: facts.page_url.as_deref(),
        labels: &facts.labels,
        language: facts.language,
    };
    let Some(rule) = teams::route(&rules, &chat) else {
        return Ok(false);
    };
    if facts.team_id == Some(rule.team_id) {
        return Ok(false);
    }
    let event = format!(
        "Routed to the team {} ({})",
        rule.team_name,
        teams::reason(rule)
    );
    let moved = store::move_queued_chat(&state.pool, chat_id, rule.team_id, &event).await?;
    if moved {
        publish_inbox_update(state, chat_id, InboxReason::Assignment).await;
        assign_waiting_or_log(state).await;
    }
    Ok(moved)
}

/// [`assign_waiting`] where a failure must not fail the caller (the chat
/// or the change that triggered it is stored; the next heartbeat retries).
pub async fn assign_waiting_or_log(state: &AppState) {
    if let Err(error) = assign_waiting(state).await {
        tracing::warn!(%error, "assigning queued chats failed; retried at the next heartbeat");
    }
}

/// The name agent `agent_id` is shown under (see [`store::shown_name`]).
async fn shown_name(state: &AppState, agent_id: Uuid) -> Result<String, ChatError> {
    Ok(store::shown_name(&state.pool, agent_id)
        .await?
        .unwrap_or_default())
}

/// Agent `agent_id` took chat `chat_id` themselves (`take_over`: even from
/// another agent). Returns whether the assignment changed.
pub async fn take(
    state: &AppState,
    chat_id: Uuid,
    agent_id: Uuid,
    take_over: bool,
) -> Result<bool, ChatError> {
    let changed = store::assign_agent(&state.pool, chat_id, agent_id, take_over).await?;
    if changed {
        let agent_name = shown_name(state, agent_id).await?;
        let event = format!("{agent_name} took the chat");
        announce(state, chat_id, agent_id, &agent_name, &event).await?;
        // A chat taken over frees a place with its previous agent.
        assign_waiting_or_log(state).await;
    }
    Ok(changed)
}

/// Agent `from` hands chat `chat_id` to agent `to` (shown as `to_name`);
/// returns whether it changed hands.
pub async fn transfer(
    state: &AppState,
    chat_id: Uuid,
    from: Uuid,
    to: Uuid,
    to_name: &str,
) -> Result<bool, ChatError> {
    let changed = store::assign_agent(&state.pool, chat_id, to, true).await?;
    if changed {
        let from_name = shown_name(state, from).await?;
        let event = format!("Transferred by {from_name} to {to_name}");
        announce(state, chat_id, to, to_name, &event).await?;
        assign_waiting_or_log(state).await;
    }
    Ok(changed)
}

/// An agent's console socket joined on this gateway: they count as present
/// at once, and queued chats may go to them.
pub async fn console_opened(state: &AppState, agent_id: Uuid) {
    if let Err(error) = store::console_opened(&state.pool, state.hub.instance(), agent_id).await {
        tracing::warn!(%error, "failed to record an agent's console; the heartbeat will");
        return;
    }
    let state = state.clone();
    tokio::spawn(async move { assign_waiting_or_log(&state).await });
}

/// The last console socket of an agent on this gateway closed: unless they
/// have one elsewhere, they take no new chats from now on.
pub async fn console_closed(state: &AppState, agent_id: Uuid) {
    if let Err(error) = store::console_closed(&state.pool, state.hub.instance(), agent_id).await {
        tracing::warn!(%error, "failed to record a closed console; the heartbeat will");
    }
}

/// Every [`HEARTBEAT`]: records the agents connected here, returns the
/// chats of agents gone longer than `AGENT_RETURN_AFTER_SECS` to the queue,
/// and assigns what waits.
pub async fn heartbeats(state: AppState, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(HEARTBEAT);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = shutdown.cancelled() => return,
        }
        if let Err(error) = heartbeat(&state).await {
            tracing::warn!(%error, "agent heartbeat failed");
        }
    }
}

async fn heartbeat(state: &AppState) -> Result<(), ChatError> {
    let hub = &state.hub;
    store::consoles_seen(&state.pool, hub.instance(), &hub.agents_connected()).await?;
    let after = state.config.agent_return_after;
    let event = |agent_name: &str| format!("Returned to the queue: {agent_name} is away");
    for returned in store::return_to_queue(&state.pool, after, FRESH, event).await? {
        publish_inbox_update(state, returned.chat_id, InboxReason::Assignment).await;
    }
    assign_waiting(state).await
}

/// The assignment rule: each chat of `queue` (oldest first) goes to the
/// agent with the fewest open chats among those with room under their
/// capacity who speak the chat's language, else among all with room (on a
/// tie, the first in `agents`' order). Those are the members of the chat's
/// team when it has one and a member is available (has a console open,
/// room or not); with none available, everyone if the team falls back to
/// everyone, else nobody. A chat's `avoid` agent is passed over. What finds
/// no room stays queued. Each agent's load grows with what they are given.
pub fn share_out(
    queue: &[store::QueuedChat],
    agents: &mut [store::AgentLoad],
) -> Vec<store::Assignment> {
    let mut assignments = Vec::with_capacity(queue.len());
    for chat in queue {
        let chat_id = chat.id;
        let in_team = |agent: &store::AgentLoad| match chat.team_id {
            Some(team) => agent.teams.contains(&team),
            None => true,
        };
        let team_present = agents.iter().any(in_team);
        if !team_present && !chat.fallback {
            continue;
        }
        let may_take = |agent: &store::AgentLoad| {
            agent.room() > 0 && Some(agent.id) != chat.avoid && (!team_present || in_team(agent))
        };
        let speaks = |agent: &store::AgentLoad| agent.languages.contains(&chat.language);
        let pick = |agents: &[store::AgentLoad], only_speakers: bool| {
            agents
                .iter()
                .enumerate()
                .filter(|(_, agent)| may_take(agent) && (!only_speakers || speaks(agent)))
                .min_by_key(|(_, agent)| agent.open)
                .map(|(index, _)| index)
        };
        let Some(index) = pick(agents, true).or_else(|| pick(agents, false)) else {
            continue;
        };
        let agent = &mut agents[index];
        agent.open += 1;
        assignments.push(store::Assignment {
            chat_id,
            agent_id: agent.id,
            agent_name: agent.name.clone(),
        });
    }
    assignments
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(n: u128, capacity: i32, open: i64) -> store::AgentLoad {
        store::AgentLoad {
            id: Uuid::from_u128(n),
            name: format!("Agent {n}"),
            capacity,
            open,
            languages: vec![Language::En],
            teams: Vec::new(),
        }
    }

    fn in_teams(mut agent: store::AgentLoad, teams: &[u128]) -> store::AgentLoad {
        agent.teams = teams.iter().map(|&t| Uuid::from_u128(t)).collect();
        agent
    }

    fn team_chat(n: u128, team: u128, fallback: bool) -> store::QueuedChat {
        store::QueuedChat {
            id: Uuid::from_u128(n),
            language: Language::En,
            team_id: Some(Uuid::from_u128(team)),
            fallback,
            avoid: None,
        }
    }

    fn speaking(mut agent: store::AgentLoad, languages: &[Language]) -> store::AgentLoad {
        agent.languages = languages.to_vec();
        agent
    }

    fn chats_in(languages: &[Language]) -> Vec<store::QueuedChat> {
        (100..)
            .zip(languages)
            .map(|(n, &language)| store::QueuedChat {
                id: Uuid::from_u128(n),
                language,
                team_id: None,
                fallback: true,
                avoid: None,
            })
            .collect()
    }

    fn chats(n: usize) -> Vec<store::QueuedChat> {
        chats_in(&vec![Language::En; n])
    }

    fn given(assignments: &[store::Assignment]) -> Vec<(u128, u128)> {
        assignments
            .iter()
            .map(|a| (a.chat_id.as_u128(), a.agent_id.as_u128()))
            .collect()
    }

    #[test]
    fn the_oldest_chat_goes_to_the_agent_with_the_fewest_open_chats() {
        let mut agents = [agent(1, 5, 3), agent(2, 5, 1)];
        let assignments = share_out(&chats(3), &mut agents);
        // Agent 2 catches up first; on a tie the first agent listed.
        assert_eq!(given(&assignments), [(100, 2), (101, 2), (102, 1)]);
        assert_eq!((agents[0].open, agents[1].open), (4, 3));
    }

    #[test]
    fn nobody_goes_beyond_capacity_and_the_rest_stay_queued() {
        let mut agents = [agent(1, 2, 2), agent(2, 2, 1)];
        let assignments = share_out(&chats(3), &mut agents);
        assert_eq!(given(&assignments), [(100, 2)]);
        let mut full = [agent(1, 0, 0)];
        assert!(share_out(&chats(1), &mut full).is_empty());
        assert!(share_out(&chats(2), &mut []).is_empty());
    }

    #[test]
    fn a_chat_goes_to_an_agent_who_speaks_its_language_while_one_has_room() {
        use Language::{En, Fr, Sw};
        let mut agents = [
            agent(1, 2, 0),
            speaking(agent(2, 2, 1), &[En, Fr]),
            speaking(agent(3, 1, 0), &[Sw]),
        ];
        // The French chat passes over the less loaded English-only agent;
        // the second finds the French speaker full and goes as before.
        let assignments = share_out(&chats_in(&[Fr, Fr, Sw, Sw]), &mut agents);
        assert_eq!(
            given(&assignments),
            [(100, 2), (101, 1), (102, 3), (103, 1)]
        );
    }

    #[test]
    fn a_team_chat_goes_to_the_least_loaded_member_with_room() {
        let mut agents = [
            agent(1, 5, 0),
            in_teams(agent(2, 5, 3), &[50]),
            in_teams(agent(3, 4, 4), &[50, 60]),
        ];
        // Agent 1 is idle but not in team 50; agent 3 is full.
        let queue = [team_chat(100, 50, true), team_chat(101, 50, true)];
        let assignments = share_out(&queue, &mut agents);
        assert_eq!(given(&assignments), [(100, 2), (101, 2)]);
        // Members full: the chat waits for its team, fallback or not, and
        // a chat behind it without a team still goes.
        let mut full = [agent(1, 5, 0), in_teams(agent(2, 1, 1), &[50])];
        let queue = [team_chat(200, 50, true), chats(1).remove(0)];
        assert_eq!(given(&share_out(&queue, &mut full)), [(100, 1)]);
    }

    #[test]
    fn with_no_member_available_a_team_falls_back_to_everyone_if_it_says_so() {
        let mut agents = [agent(1, 5, 2), in_teams(agent(2, 5, 0), &[60])];
        let queue = [team_chat(100, 50, true), team_chat(101, 50, false)];
        assert_eq!(given(&share_out(&queue, &mut agents)), [(100, 2)]);
    }

    #[test]
    fn the_agent_who_handed_a_chat_to_their_team_is_passed_over() {
        let mut agents = [
            in_teams(agent(1, 5, 0), &[50]),
            in_teams(agent(2, 5, 3), &[50]),
        ];
        let mut chat = team_chat(100, 50, true);
        chat.avoid = Some(Uuid::from_u128(1));
        assert_eq!(given(&share_out(&[chat.clone()], &mut agents)), [(100, 2)]);
        // Alone in the team: the chat waits in its queue.
        let mut alone = [in_teams(agent(1, 5, 0), &[50]), agent(3, 5, 0)];
        assert!(share_out(&[chat], &mut alone).is_empty());
    }
}
