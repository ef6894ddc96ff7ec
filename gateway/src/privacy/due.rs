//! The due dates of a data subject request, counted from its receipt as the
//! data processing agreement states: acknowledged within 72 hours, an
//! initial response within 10 business days (Monday to Friday, in UTC; no
//! public holidays), fulfilled within 30 days, 60 when marked complex.

use contract::privacy::PrivacyStep;
use time::{Duration, OffsetDateTime, Weekday};

pub const ACKNOWLEDGE_HOURS: i64 = 72;
pub const RESPONSE_BUSINESS_DAYS: u32 = 10;
pub const FULFIL_DAYS: i64 = 30;
pub const FULFIL_DAYS_COMPLEX: i64 = 60;

/// The three due dates of a request received at `received`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueDates {
    pub acknowledge_by: OffsetDateTime,
    pub respond_by: OffsetDateTime,
    pub fulfil_by: OffsetDateTime,
}

pub fn due_dates(received: OffsetDateTime, complex: bool) -> DueDates {
    DueDates {
        acknowledge_by: received + Duration::hours(ACKNOWLEDGE_HOURS),
        respond_by: add_business_days(received, RESPONSE_BUSINESS_DAYS),
        fulfil_by: received
            + Duration::days(if complex {
                FULFIL_DAYS_COMPLEX
            } else {
                FULFIL_DAYS
            }),
    }
}

/// `days` business days after `from`, at the same time of day: a request
/// on a Friday afternoon is due ten weekdays later, on a Friday afternoon.
pub fn add_business_days(from: OffsetDateTime, days: u32) -> OffsetDateTime {
    let mut at = from;
    let mut left = days;
    while left > 0 {
        at += Duration::days(1);
        if !matches!(at.weekday(), Weekday::Saturday | Weekday::Sunday) {
            left -= 1;
        }
    }
    at
}

/// Where a request stands and whether a step is overdue at `now`.
pub fn standing(
    due: DueDates,
    acknowledged: bool,
    responded: bool,
    completed: bool,
    now: OffsetDateTime,
) -> (PrivacyStep, bool) {
    if completed {
        return (PrivacyStep::Done, false);
    }
    let overdue = (!acknowledged && now > due.acknowledge_by)
        || (!responded && now > due.respond_by)
        || now > due.fulfil_by;
    let step = if !acknowledged {
        PrivacyStep::Acknowledge
    } else if !responded {
        PrivacyStep::Respond
    } else {
        PrivacyStep::Fulfil
    };
    (step, overdue)
}

#[cfg(test)]
mod tests {
    use time::{Date, Month, Time};

    use super::*;

    fn at(year: i32, month: u8, day: u8, hour: u8) -> OffsetDateTime {
        let month = Month::try_from(month).expect("month");
        Date::from_calendar_date(year, month, day)
            .expect("date")
            .with_time(Time::from_hms(hour, 0, 0).expect("time"))
            .assume_utc()
    }

    #[test]
    fn ten_business_days_skip_weekends() {
        // Friday 2026-11-27 15:00 → Friday 2026-12-11 15:00.
        let friday = at(2026, 11, 27, 15);
        assert_eq!(add_business_days(friday, 10), at(2026, 12, 11, 15));
        // A Saturday request counts from Monday: due the second Friday after.
        let saturday = at(2026, 11, 28, 9);
        assert_eq!(add_business_days(saturday, 10), at(2026, 12, 11, 9));
        // Monday → the Monday two weeks later.
        let monday = at(2026, 11, 30, 8);
        assert_eq!(add_business_days(monday, 10), at(2026, 12, 14, 8));
    }

    #[test]
    fn due_dates_follow_the_agreement() {
        let received = at(2026, 11, 30, 8);
        let due = due_dates(received, false);
        assert_eq!(due.acknowledge_by, at(2026, 12, 3, 8));
        assert_eq!(due.fulfil_by, at(2026, 12, 30, 8));
        assert_eq!(due_dates(received, true).fulfil_by, at(2027, 1, 29, 8));
    }

    #[test]
    fn a_step_past_its_date_is_overdue_until_done() {
        let received = at(2026, 11, 30, 8);
        let due = due_dates(received, false);
        let early = at(2026, 12, 1, 8);
        assert_eq!(
            standing(due, false, false, false, early),
            (PrivacyStep::Acknowledge, false)
        );
        let late = at(2026, 12, 4, 8);
        assert_eq!(
            standing(due, false, false, false, late),
            (PrivacyStep::Acknowledge, true)
        );
        assert_eq!(
            standing(due, true, false, false, late),
            (PrivacyStep::Respond, false)
        );
        let past_response = at(2026, 12, 15, 8);
        assert_eq!(
            standing(due, true, false, false, past_response),
            (PrivacyStep::Respond, true)
        );
        assert_eq!(
            standing(due, true, true, false, past_response),
            (PrivacyStep::Fulfil, false)
        );
        let past_fulfil = at(2027, 1, 1, 8);
        assert_eq!(
            standing(due, true, true, false, past_fulfil),
            (PrivacyStep::Fulfil, true)
        );
        assert_eq!(
            standing(due, true, true, true, past_fulfil),
            (PrivacyStep::Done, false)
        );
    }
}
