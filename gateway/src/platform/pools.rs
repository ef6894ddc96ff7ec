//! The gateway's Postgres pools, each with its own time budget, so that
//! queries that hang (behind a locked table, say) fail fast with a 503 and
//! never take the connections sign-in, sessions and readiness need.
//!
//! - `core`: sessions, the signed-in user, `/readyz`. Small, short budgets.
//! - `visitor_reads`: what anonymous visitors poll (chat history): at most
//!   [`VISITOR_READS_CONNECTIONS`], so however many poll a locked table they
//!   hold only these.
//! - `general`: everything else, with budgets long enough for the admin's
//!   reports.
//!
//! Each is derived from the connect options of the pool the gateway is
//! given (its database and credentials) and opens connections on demand.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

/// The time budgets of one pool.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Connections at most.
    pub connections: u32,
    /// How long a request waits for a free connection before a 503.
    pub acquire: Duration,
    /// Postgres `statement_timeout`: a query running longer is cancelled.
    pub statement: Duration,
    /// Postgres `lock_timeout`: a query waiting longer for a lock fails.
    pub lock: Duration,
}

/// Sessions, the signed-in user, readiness.
pub const CORE: Budget = Budget {
    connections: 5,
    acquire: Duration::from_secs(3),
    statement: Duration::from_secs(3),
    lock: Duration::from_secs(1),
};

/// Connections anonymous visitors' polling may hold at once.
pub const VISITOR_READS_CONNECTIONS: u32 = 6;

/// Visitors' chat history polls.
pub const VISITOR_READS: Budget = Budget {
    connections: VISITOR_READS_CONNECTIONS,
    acquire: Duration::from_secs(2),
    statement: Duration::from_secs(5),
    lock: Duration::from_secs(2),
};

/// Everything else (`connections` is the size the gateway was given).
pub const GENERAL: Budget = Budget {
    connections: 20,
    acquire: Duration::from_secs(5),
    statement: Duration::from_secs(30),
    lock: Duration::from_secs(5),
};

/// The three pools.
#[derive(Clone, Debug)]
pub struct Pools {
    pub general: PgPool,
    pub core: PgPool,
    pub visitor_reads: PgPool,
}

impl Pools {
    /// Pools to `given`'s database, `general` as large as `given`.
    pub fn derive(given: &PgPool) -> Pools {
        let options = (*given.connect_options()).clone();
        let general = Budget {
            connections: given.options().get_max_connections(),
            ..GENERAL
        };
        Pools {
            general: open(&options, general),
            core: open(&options, CORE),
            visitor_reads: open(&options, VISITOR_READS),
        }
    }
}

/// A lazily connecting pool with `budget` (pinging only connections idle
/// for a while, as [`runtime::process::connect_postgres`] does).
fn open(options: &PgConnectOptions, budget: Budget) -> PgPool {
    use sqlx::Connection as _;
    let millis = |d: Duration| format!("{}ms", d.as_millis());
    let options = options.clone().options([
        ("statement_timeout", millis(budget.statement)),
        ("lock_timeout", millis(budget.lock)),
    ]);
    PgPoolOptions::new()
        .max_connections(budget.connections)
        .acquire_timeout(budget.acquire)
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for >= runtime::process::POSTGRES_IDLE_BEFORE_PING {
                    connection.ping().await?;
                }
                Ok(true)
            })
        })
        .connect_lazy_with(options)
}
