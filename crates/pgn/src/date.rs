//! Today's date as PGN writes it (`YYYY.MM.DD`, UTC), for the Date tag of a game: one
//! function for every front-end that writes games.

use web_time::{SystemTime, UNIX_EPOCH};

/// Today's date (UTC) as `YYYY.MM.DD`.
pub fn pgn_today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The year, month and day of the day `days` after 1 January 1970.
fn civil_date(mut days: u64) -> (u64, u64, u64) {
    let leap = |year: u64| {
        (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
    };
    let mut year = 1970;
    loop {
        let length = if leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let lengths = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut month = 1;
    for length in lengths {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    (year, month, days + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_counted_from_1970() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(31), (1970, 2, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000 is a leap year (divisible by 400): 29 February exists.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(20_788), (2026, 12, 1));
    }

    #[test]
    fn today_has_the_pgn_shape() {
        let today = pgn_today();
        let digits: Vec<&str> = today.split('.').collect();
        assert_eq!(
            digits.iter().map(|d| d.len()).collect::<Vec<_>>(),
            [4, 2, 2],
            "{today}"
        );
        assert!(today.starts_with("20"), "{today}");
    }
}
