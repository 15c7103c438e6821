//! The levels a person chooses from, by name: `full` (full strength) and the calibrated
//! ratings, the same list in the terminal game and on the page.

use outpost_board::Color;
use outpost_pgn::PgnGame;
use outpost_search::Level;

/// The ratings offered, each calibrated in games (the README's table).
pub const LEVEL_CHOICES: [u32; 5] = [1400, 1600, 1800, 2000, 2200];

/// The name of full strength.
pub const FULL_STRENGTH: &str = "full";

/// The level named `text`: `full` (`None`), or a rating (`1700`; any from
/// [`Level::MIN_ELO`] to [`Level::MAX_ELO`], those of [`LEVEL_CHOICES`] calibrated); the error
/// lists the levels.
///
/// ```
/// use outpost_game::levels::parse_level;
///
/// assert_eq!(parse_level("full"), Ok(None));
/// assert_eq!(parse_level("1700").unwrap().map(|level| level.elo()), Some(1700));
/// assert!(parse_level("expert").unwrap_err().starts_with("unknown level 'expert'"));
/// assert!(parse_level("3000").unwrap_err().starts_with("level 3000 is out of range"));
/// ```
pub fn parse_level(text: &str) -> Result<Option<Level>, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case(FULL_STRENGTH) {
        return Ok(None);
    }
    let what = match text.parse::<i64>() {
        Ok(elo) => match Level::from_elo(elo) {
            Ok(level) => return Ok(Some(level)),
            Err(_) => format!("level {elo} is out of range"),
        },
        Err(_) => format!("unknown level '{text}'"),
    };
    Err(format!(
        "{what}; levels: {} (or a rating from {} to {})",
        level_names().join(", "),
        Level::MIN_ELO,
        Level::MAX_ELO
    ))
}

/// The names of the levels offered, full strength first.
pub fn level_names() -> Vec<String> {
    std::iter::once(FULL_STRENGTH.to_string())
        .chain(LEVEL_CHOICES.iter().map(u32::to_string))
        .collect()
}

/// Gives `pgn` the rating of the engine playing `engine` at `level` (`WhiteElo` or
/// `BlackElo`); nothing at full strength.
pub fn tag_engine_rating(pgn: &mut PgnGame, level: Option<Level>, engine: Color) {
    if let Some(level) = level {
        let tag = match engine {
            Color::White => "WhiteElo",
            Color::Black => "BlackElo",
        };
        pgn.set_tag(tag, &level.elo().to_string());
    }
}

/// How a level is shown: `full strength` or `level 1700`.
pub fn level_title(level: Option<Level>) -> String {
    match level {
        None => "full strength".to_string(),
        Some(level) => format!("level {}", level.elo()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_level_is_a_level_and_names_read_back() {
        for elo in LEVEL_CHOICES {
            let level = parse_level(&elo.to_string()).unwrap().unwrap();
            assert_eq!(level.elo(), elo);
            assert_eq!(level_title(Some(level)), format!("level {elo}"));
        }
        assert_eq!(parse_level(" FULL "), Ok(None));
        assert_eq!(level_title(None), "full strength");
    }

    #[test]
    fn an_unknown_level_is_refused_with_the_list() {
        for text in ["", "x", "3000", "-1", "1e3", "99999999999999999999"] {
            let error = parse_level(text).unwrap_err();
            assert!(
                error.ends_with(
                    "levels: full, 1400, 1600, 1800, 2000, 2200 (or a rating from 1350 to 2200)"
                ),
                "{text}: {error}"
            );
        }
    }
}
