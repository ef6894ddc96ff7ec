//! The support team's business hours (the `chatHours` site setting) as a
//! calendar in East Africa Time (UTC+3 all year, no daylight saving): when
//! the team next opens, whether it is open, and how much business time
//! lies between two instants. The snooze presets use it; an SLA clock
//! counting in business hours is meant to use it too.

use contract::chat::SnoozePreset;
use contract::site_settings::ChatHours;
use time::{Date, Duration, OffsetDateTime, UtcOffset, Weekday};

/// East Africa Time, the site's one time zone.
pub const EAT: UtcOffset = match UtcOffset::from_hms(3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => panic!("UTC+3 is a valid offset"),
};

/// Minutes in a day: a day closing at `00:00` closes at this minute.
const DAY_MINUTES: u16 = 24 * 60;

/// Business hours, parsed: the same hours on each open weekday.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusinessHours {
    /// Index 0 = Monday … 6 = Sunday.
    days: [bool; 7],
    /// Minutes after midnight, EAT.
    opens: u16,
    /// Minutes after midnight, EAT, after `opens` (1440 = midnight at the
    /// end of the day).
    closes: u16,
}

/// `HH:MM` as minutes after midnight.
fn minutes(text: &str) -> Option<u16> {
    let (hours, mins) = text.split_once(':')?;
    let (hours, mins): (u16, u16) = (hours.parse().ok()?, mins.parse().ok()?);
    (hours < 24 && mins < 60).then_some(hours * 60 + mins)
}

impl BusinessHours {
    /// The hours of the setting; a setting that does not parse (the site
    /// rules refuse one on save) counts as every day, all day.
    pub fn from_setting(setting: &ChatHours) -> BusinessHours {
        let mut days = [false; 7];
        for &day in &setting.days {
            if (1..=7).contains(&day) {
                days[usize::from(day - 1)] = true;
            }
        }
        let opens = minutes(&setting.opens);
        let closes = minutes(&setting.closes).map(|m| if m == 0 { DAY_MINUTES } else { m });
        match (opens, closes) {
            (Some(opens), Some(closes)) if opens < closes && days.contains(&true) => {
                BusinessHours {
                    days,
                    opens,
                    closes,
                }
            }
            _ => BusinessHours {
                days: [true; 7],
                opens: 0,
                closes: DAY_MINUTES,
            },
        }
    }

    fn is_business_day(&self, date: Date) -> bool {
        self.days[usize::from(date.weekday().number_days_from_monday())]
    }

    /// `date` at `minute` after its midnight, EAT.
    fn at(date: Date, minute: u16) -> OffsetDateTime {
        date.midnight().assume_offset(EAT) + Duration::minutes(i64::from(minute))
    }

    /// The opening time of the first business day on or after `date`.
    pub fn opening_on_or_after(&self, date: Date) -> OffsetDateTime {
        let mut day = date;
        // At least one day is open: a week always holds it.
        for _ in 0..7 {
            if self.is_business_day(day) {
                break;
            }
            day = day.next_day().unwrap_or(day);
        }
        Self::at(day, self.opens)
    }

    /// Whether the team is open at `at`.
    pub fn is_open(&self, at: OffsetDateTime) -> bool {
        let local = at.to_offset(EAT);
        let minute = u16::from(local.hour()) * 60 + u16::from(local.minute());
        self.is_business_day(local.date()) && (self.opens..self.closes).contains(&minute)
    }

    /// Business time between `from` and `to` (zero when `to` is not after
    /// `from`): the parts of each day's opening hours that fall between.
    pub fn business_time_between(&self, from: OffsetDateTime, to: OffsetDateTime) -> Duration {
        if to <= from {
            return Duration::ZERO;
        }
        let mut total = Duration::ZERO;
        let mut day = from.to_offset(EAT).date();
        let last = to.to_offset(EAT).date();
        while day <= last {
            if self.is_business_day(day) {
                let start = Self::at(day, self.opens).max(from);
                let end = Self::at(day, self.closes).min(to);
                if end > start {
                    total += end - start;
                }
            }
            match day.next_day() {
                Some(next) => day = next,
                None => break,
            }
        }
        total
    }

    /// When a snooze chosen at `now` with `preset` ends: an hour later;
    /// the opening of the first business day after today (EAT); the first
    /// opening from next Monday.
    pub fn snooze_end(&self, preset: SnoozePreset, now: OffsetDateTime) -> OffsetDateTime {
        let today = now.to_offset(EAT).date();
        match preset {
            SnoozePreset::InOneHour => now + Duration::hours(1),
            SnoozePreset::TomorrowOpening => {
                self.opening_on_or_after(today.next_day().unwrap_or(today))
            }
            SnoozePreset::NextWeek => {
                let monday = today.next_occurrence(Weekday::Monday);
                self.opening_on_or_after(monday)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Month;

    /// `y-m-d h:min` in EAT.
    fn eat(y: i32, m: u8, d: u8, h: u8, min: u8) -> OffsetDateTime {
        let date =
            Date::from_calendar_date(y, Month::try_from(m).expect("month"), d).expect("date");
        date.with_hms(h, min, 0).expect("time").assume_offset(EAT)
    }

    fn office() -> BusinessHours {
        BusinessHours::from_setting(&ChatHours {
            days: vec![1, 2, 3, 4, 5],
            opens: "08:00".into(),
            closes: "17:00".into(),
        })
    }

    #[test]
    fn tomorrow_at_opening_skips_the_weekend() {
        // Friday 2027-01-22 19:30 EAT, after closing: Monday 08:00.
        let now = eat(2027, 1, 22, 19, 30);
        assert_eq!(
            office().snooze_end(SnoozePreset::TomorrowOpening, now),
            eat(2027, 1, 25, 8, 0)
        );
        // Tuesday 02:00 EAT (Monday 23:00 UTC), before opening: Wednesday.
        let now = eat(2027, 1, 18, 23, 0) + Duration::hours(3);
        assert_eq!(
            office().snooze_end(SnoozePreset::TomorrowOpening, now),
            eat(2027, 1, 20, 8, 0)
        );
    }

    #[test]
    fn next_week_is_mondays_opening_even_on_a_sunday() {
        let now = eat(2027, 1, 24, 10, 0);
        assert_eq!(
            office().snooze_end(SnoozePreset::NextWeek, now),
            eat(2027, 1, 25, 8, 0)
        );
        // A Monday: the Monday after.
        let now = eat(2027, 1, 25, 9, 0);
        assert_eq!(
            office().snooze_end(SnoozePreset::NextWeek, now),
            eat(2027, 2, 1, 8, 0)
        );
        // Closed on Mondays: Tuesday.
        let hours = BusinessHours::from_setting(&ChatHours {
            days: vec![2, 3],
            opens: "09:30".into(),
            closes: "00:00".into(),
        });
        assert_eq!(
            hours.snooze_end(SnoozePreset::NextWeek, now),
            eat(2027, 2, 2, 9, 30)
        );
    }

    #[test]
    fn in_one_hour_is_calendar_time() {
        let now = eat(2027, 1, 22, 16, 30);
        assert_eq!(
            office().snooze_end(SnoozePreset::InOneHour, now),
            eat(2027, 1, 22, 17, 30)
        );
    }

    #[test]
    fn all_day_every_day_opens_at_midnight() {
        let hours = BusinessHours::from_setting(&ChatHours::default());
        let now = eat(2027, 1, 22, 23, 59);
        assert_eq!(
            hours.snooze_end(SnoozePreset::TomorrowOpening, now),
            eat(2027, 1, 23, 0, 0)
        );
        assert!(hours.is_open(now));
    }

    #[test]
    fn business_time_counts_only_opening_hours() {
        // Friday 16:00 to Monday 09:00: an hour on Friday, an hour on Monday.
        let hours = office();
        let from = eat(2027, 1, 22, 16, 0);
        let to = eat(2027, 1, 25, 9, 0);
        assert_eq!(hours.business_time_between(from, to), Duration::hours(2));
        assert_eq!(hours.business_time_between(to, from), Duration::ZERO);
        assert!(!hours.is_open(eat(2027, 1, 23, 10, 0)));
        assert!(hours.is_open(eat(2027, 1, 25, 8, 0)));
        assert!(!hours.is_open(eat(2027, 1, 25, 17, 0)));
    }

    #[test]
    fn a_setting_that_does_not_parse_is_all_day() {
        let hours = BusinessHours::from_setting(&ChatHours {
            days: vec![],
            opens: "8am".into(),
            closes: "17:00".into(),
        });
        assert_eq!(hours, BusinessHours::from_setting(&ChatHours::default()));
    }
}
