//! The engine's UCI options, in one table: `uci` prints it, `setoption` is checked against
//! it and turned into an [`OptionChange`].

use outpost_board::Variant;
use outpost_search::{Level, DEFAULT_MOVE_OVERHEAD};
use std::fmt;
use std::time::Duration;

pub use outpost_search::DEFAULT_HASH_MIB;
/// The largest transposition table accepted, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;
/// The number of search threads a new engine starts with.
pub const DEFAULT_THREADS: usize = 1;
/// The number of principal variations a new engine reports.
pub const DEFAULT_MULTIPV: usize = 1;
/// The time kept back per move for the GUI and the connection, in milliseconds (the
/// search's own default).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = DEFAULT_MOVE_OVERHEAD.as_millis() as u64;
/// The rating `UCI_Elo` starts at: the weakest level, as other engines do.
pub const DEFAULT_ELO: u32 = Level::MIN_ELO;
/// How UCI writes an empty string value.
pub const EMPTY_STRING: &str = "<empty>";

/// A change of one option, checked and typed, as `setoption` asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// `Hash`: the transposition table size in MiB.
    Hash(usize),
    /// `Threads`: the number of search threads.
    Threads(usize),
    /// `MultiPV`: the number of principal variations to report.
    MultiPv(usize),
    /// `Move Overhead`: time kept back per move.
    MoveOverhead(Duration),
    /// `Clear Hash`: empty the transposition table.
    ClearHash,
    /// `Ponder`: the GUI may send `go ponder` (the engine needs nothing for it).
    Ponder(bool),
    /// `OwnBook`: answer `go` from the opening book when the position is in it.
    OwnBook(bool),
    /// `BookFile`: a Polyglot book to play from; empty for the built-in book.
    BookFile(String),
    /// `UCI_Chess960`: castling is written and read as king takes rook (`e1h1`).
    Chess960(bool),
    /// `UCI_Variant`: the rule set of `position startpos` and of the FENs to expect.
    Variant(Variant),
    /// `UCI_LimitStrength`: play at the rating of `UCI_Elo` instead of full strength.
    LimitStrength(bool),
    /// `UCI_Elo`: the rating played at when `UCI_LimitStrength` is on.
    Elo(u32),
    /// A search parameter (only with the cargo feature `tune`): its name in
    /// [`outpost_search::SearchParams`] and its new value, within its range.
    SearchParam {
        /// The parameter's name.
        name: &'static str,
        /// Its new value.
        value: i32,
    },
}

/// What values an option takes, its default, and how a value becomes an [`OptionChange`].
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// A whole number from `min` to `max`.
    Spin {
        /// The value before any `setoption`.
        default: u64,
        /// The smallest value accepted.
        min: u64,
        /// The largest value accepted.
        max: u64,
        /// The change a value asks for.
        change: fn(u64) -> OptionChange,
    },
    /// `true` or `false`.
    Check {
        /// The value before any `setoption`.
        default: bool,
        /// The change a value asks for.
        change: fn(bool) -> OptionChange,
    },
    /// No value: setting it does something once.
    Button {
        /// The change it asks for.
        change: fn() -> OptionChange,
    },
    /// One of a fixed list of words (`var` in the `uci` line), matched ignoring case.
    Combo {
        /// The value before any `setoption`.
        default: &'static str,
        /// Every value accepted.
        values: &'static [&'static str],
        /// The change a value (one of `values`) asks for.
        change: fn(&str) -> OptionChange,
    },
    /// Any text; [`EMPTY_STRING`] stands for the empty string.
    String {
        /// The value before any `setoption`.
        default: &'static str,
        /// The change a value asks for.
        change: fn(String) -> OptionChange,
    },
}

/// One entry of the option table.
#[derive(Clone, Copy, Debug)]
pub struct UciOption {
    /// The name as `uci` announces it; `setoption` matches it ignoring case.
    pub name: &'static str,
    /// Its values and default.
    pub kind: OptionKind,
}

/// Every option the engine has, in the order `uci` lists them.
pub static OPTIONS: [UciOption; 12] = [
    UciOption {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MIB as u64,
            min: 1,
            max: MAX_HASH_MIB as u64,
            change: |mib| OptionChange::Hash(mib as usize),
        },
    },
    UciOption {
        name: "Threads",
        kind: OptionKind::Spin {
            default: DEFAULT_THREADS as u64,
            min: 1,
            max: 256,
            change: |threads| OptionChange::Threads(threads as usize),
        },
    },
    UciOption {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: DEFAULT_MULTIPV as u64,
            min: 1,
            max: 256,
            change: |lines| OptionChange::MultiPv(lines as usize),
        },
    },
    UciOption {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD_MS,
            min: 0,
            max: 5_000,
            change: |millis| OptionChange::MoveOverhead(Duration::from_millis(millis)),
        },
    },
    UciOption {
        name: "Clear Hash",
        kind: OptionKind::Button {
            change: || OptionChange::ClearHash,
        },
    },
    UciOption {
        name: "Ponder",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::Ponder,
        },
    },
    UciOption {
        name: "OwnBook",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::OwnBook,
        },
    },
    UciOption {
        name: "BookFile",
        kind: OptionKind::String {
            default: "",
            change: OptionChange::BookFile,
        },
    },
    UciOption {
        name: "UCI_Chess960",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::Chess960,
        },
    },
    UciOption {
        name: "UCI_Variant",
        kind: OptionKind::Combo {
            default: "chess",
            values: &["chess", "fragments"],
            // The table's values are the variants' names, so the look-up cannot fail.
            change: |name| OptionChange::Variant(Variant::from_name(name).unwrap_or_default()),
        },
    },
    UciOption {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::LimitStrength,
        },
    },
    UciOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: DEFAULT_ELO as u64,
            min: Level::MIN_ELO as u64,
            max: Level::MAX_ELO as u64,
            change: |elo| OptionChange::Elo(elo as u32),
        },
    },
];

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// A spin or check option without `value …`.
    MissingValue {
        /// The option's name.
        option: &'static str,
        /// What it takes, for example `a number from 1 to 256`.
        expected: String,
    },
    /// A spin option whose value is not a whole number.
    NotANumber {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// A spin option whose value is outside its range.
    OutOfRange {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// A check option whose value is neither `true` nor `false`.
    NotABoolean {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
    },
    /// A combo option whose value is none of its words.
    NotAChoice {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
        /// The words it takes.
        values: &'static [&'static str],
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option: {name}"),
            OptionError::MissingValue { option, expected } => write!(
                f,
                "option {option} needs a value: setoption name {option} value <{expected}>"
            ),
            OptionError::NotANumber {
                option,
                value,
                min,
                max,
            } => write!(
                f,
                "'{value}' is not a number for option {option}: a whole number from {min} to {max}"
            ),
            OptionError::OutOfRange {
                option,
                value,
                min,
                max,
            } => write!(
                f,
                "{value} is out of range {min}..{max} for option {option}"
            ),
            OptionError::NotABoolean { option, value } => write!(
                f,
                "option {option} needs value true or false, not '{value}'"
            ),
            OptionError::NotAChoice {
                option,
                value,
                values,
            } => write!(
                f,
                "option {option} takes one of {}, not '{value}'",
                values.join(", ")
            ),
        }
    }
}

impl OptionError {
    /// The option whose value was refused (`None` for an unknown option): it keeps the value
    /// it had.
    pub fn refused_option(&self) -> Option<&'static str> {
        match self {
            OptionError::Unknown(_) => None,
            OptionError::MissingValue { option, .. }
            | OptionError::NotANumber { option, .. }
            | OptionError::OutOfRange { option, .. }
            | OptionError::NotABoolean { option, .. }
            | OptionError::NotAChoice { option, .. } => Some(option),
        }
    }
}

impl std::error::Error for OptionError {}

impl UciOption {
    /// The option with this name, ignoring case and runs of spaces.
    pub fn find(name: &str) -> Option<&'static UciOption> {
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        OPTIONS
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(&name))
    }

    /// The line `uci` prints for it, like `option name Hash type spin default 16 min 1 max
    /// 65536`.
    pub fn uci_line(&self) -> String {
        let name = self.name;
        match self.kind {
            OptionKind::Spin {
                default, min, max, ..
            } => format!("option name {name} type spin default {default} min {min} max {max}"),
            OptionKind::Check { default, .. } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::Button { .. } => format!("option name {name} type button"),
            OptionKind::Combo {
                default, values, ..
            } => {
                let vars: String = values.iter().map(|value| format!(" var {value}")).collect();
                format!("option name {name} type combo default {default}{vars}")
            }
            OptionKind::String { default, .. } => {
                let default = if default.is_empty() {
                    EMPTY_STRING
                } else {
                    default
                };
                format!("option name {name} type string default {default}")
            }
        }
    }

    /// Checks `value` for this option and returns the change it asks for. A button ignores
    /// its value; a string option without a value is set to the empty string.
    pub fn change(&self, value: Option<&str>) -> Result<OptionChange, OptionError> {
        let option = self.name;
        let value = value.map(str::trim);
        match self.kind {
            OptionKind::Spin {
                min, max, change, ..
            } => {
                let value = value.ok_or_else(|| OptionError::MissingValue {
                    option,
                    expected: format!("a number from {min} to {max}"),
                })?;
                spin_value(value, min, max)
                    .map(change)
                    .map_err(|error| match error {
                        SpinError::NotANumber => OptionError::NotANumber {
                            option,
                            value: value.to_string(),
                            min: min as i64,
                            max: max as i64,
                        },
                        SpinError::OutOfRange => OptionError::OutOfRange {
                            option,
                            value: value.to_string(),
                            min: min as i64,
                            max: max as i64,
                        },
                    })
            }
            OptionKind::Check { change, .. } => {
                let value = value.ok_or_else(|| OptionError::MissingValue {
                    option,
                    expected: "true or false".to_string(),
                })?;
                if value.eq_ignore_ascii_case("true") {
                    Ok(change(true))
                } else if value.eq_ignore_ascii_case("false") {
                    Ok(change(false))
                } else {
                    Err(OptionError::NotABoolean {
                        option,
                        value: value.to_string(),
                    })
                }
            }
            OptionKind::Button { change } => Ok(change()),
            OptionKind::Combo { values, change, .. } => {
                let value = value.ok_or_else(|| OptionError::MissingValue {
                    option,
                    expected: format!("one of {}", values.join(", ")),
                })?;
                values
                    .iter()
                    .find(|choice| choice.eq_ignore_ascii_case(value))
                    .map(|choice| change(choice))
                    .ok_or_else(|| OptionError::NotAChoice {
                        option,
                        value: value.to_string(),
                        values,
                    })
            }
            OptionKind::String { change, .. } => {
                let value = value.unwrap_or("");
                let value = if value == EMPTY_STRING { "" } else { value };
                Ok(change(value.to_string()))
            }
        }
    }
}

impl OptionChange {
    /// Checks `setoption name <name> [value <value>]` against the option table.
    pub fn parse(name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
        if let Some(option) = UciOption::find(name) {
            return option.change(value);
        }
        #[cfg(feature = "tune")]
        if let Some(spec) = tune::find(name) {
            return tune::change(spec, value);
        }
        Err(OptionError::Unknown(name.trim().to_string()))
    }
}

/// Why a spin value was refused.
enum SpinError {
    NotANumber,
    OutOfRange,
}

/// Reads a whole number (an optional sign, then digits) within `min..=max`. Numbers too large
/// to represent are out of range, not "not a number".
fn spin_value(text: &str, min: u64, max: u64) -> Result<u64, SpinError> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(SpinError::NotANumber);
    }
    let magnitude = digits.parse::<u64>().unwrap_or(u64::MAX);
    if negative && magnitude > 0 {
        return Err(SpinError::OutOfRange);
    }
    if (min..=max).contains(&magnitude) {
        Ok(magnitude)
    } else {
        Err(SpinError::OutOfRange)
    }
}

/// The `option name …` lines of every option, in table order, one a line.
pub fn uci_lines() -> impl Iterator<Item = String> {
    let lines = OPTIONS.iter().map(UciOption::uci_line);
    #[cfg(feature = "tune")]
    let lines = lines.chain(tune::uci_lines());
    lines
}

/// With the cargo feature `tune`, every search parameter is a `spin` option named as its
/// field in [`outpost_search::SearchParams`], for tuners such as SPSA.
#[cfg(feature = "tune")]
mod tune {
    use super::{spin_value, OptionChange, OptionError, SpinError};
    use outpost_search::{ParamSpec, SearchParams};

    /// The parameter called `name`, ignoring case.
    pub fn find(name: &str) -> Option<&'static ParamSpec> {
        SearchParams::SPECS
            .iter()
            .find(|spec| spec.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The `option name … type spin …` line of every parameter.
    pub fn uci_lines() -> impl Iterator<Item = String> {
        SearchParams::SPECS.iter().map(|spec| {
            format!(
                "option name {} type spin default {} min {} max {}",
                spec.name, spec.default, spec.min, spec.max
            )
        })
    }

    /// Checks `value` against the parameter's range.
    pub fn change(
        spec: &'static ParamSpec,
        value: Option<&str>,
    ) -> Result<OptionChange, OptionError> {
        let option = spec.name;
        let (min, max) = (spec.min, spec.max);
        let value = value
            .map(str::trim)
            .ok_or_else(|| OptionError::MissingValue {
                option,
                expected: format!("a number from {min} to {max}"),
            })?;
        // Ranges may be negative: shift them to start at 0 for the unsigned reader.
        let (negative, digits) = match value.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, value),
        };
        let magnitude =
            spin_value(digits, 0, u64::from(u32::MAX)).map_err(|error| match error {
                SpinError::NotANumber => OptionError::NotANumber {
                    option,
                    value: value.to_string(),
                    min: i64::from(min),
                    max: i64::from(max),
                },
                SpinError::OutOfRange => OptionError::OutOfRange {
                    option,
                    value: value.to_string(),
                    min: i64::from(min),
                    max: i64::from(max),
                },
            })?;
        let number = if negative {
            -(magnitude as i64)
        } else {
            magnitude as i64
        };
        if number < i64::from(min) || number > i64::from(max) {
            return Err(OptionError::OutOfRange {
                option,
                value: value.to_string(),
                min: i64::from(min),
                max: i64::from(max),
            });
        }
        Ok(OptionChange::SearchParam {
            name: spec.name,
            value: number as i32,
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn every_parameter_is_a_spin_option_within_its_range() {
            assert_eq!(uci_lines().count(), SearchParams::SPECS.len());
            for spec in SearchParams::SPECS {
                let text = spec.max.to_string();
                assert_eq!(
                    OptionChange::parse(spec.name, Some(&text)),
                    Ok(OptionChange::SearchParam {
                        name: spec.name,
                        value: spec.max
                    })
                );
                let above = (i64::from(spec.max) + 1).to_string();
                assert!(OptionChange::parse(spec.name, Some(&above)).is_err());
                let below = (i64::from(spec.min) - 1).to_string();
                let message = OptionChange::parse(spec.name, Some(&below))
                    .unwrap_err()
                    .to_string();
                assert!(
                    message.contains(&format!("{}..{}", spec.min, spec.max)),
                    "{message}"
                );
            }
            assert_eq!(
                OptionChange::parse("LMR_BASE", Some("-20")),
                Ok(OptionChange::SearchParam {
                    name: "lmr_base",
                    value: -20
                })
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        OptionChange::parse(name, value).map_err(|error| error.to_string())
    }

    #[test]
    fn the_table_prints_the_uci_lines() {
        assert_eq!(
            // The `tune` feature adds the search parameters after these.
            uci_lines().take(OPTIONS.len()).collect::<Vec<_>>(),
            [
                "option name Hash type spin default 16 min 1 max 65536",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name Move Overhead type spin default 30 min 0 max 5000",
                "option name Clear Hash type button",
                "option name Ponder type check default false",
                "option name OwnBook type check default false",
                "option name BookFile type string default <empty>",
                "option name UCI_Chess960 type check default false",
                "option name UCI_Variant type combo default chess var chess var fragments",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 1350 min 1350 max 2200",
            ]
        );
    }

    #[test]
    fn every_default_is_accepted_by_its_option() {
        for option in &OPTIONS {
            let default = match option.kind {
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Check { default, .. } => default.to_string(),
                OptionKind::Button { .. } => String::new(),
                OptionKind::String { default, .. } | OptionKind::Combo { default, .. } => {
                    default.to_string()
                }
            };
            assert!(option.change(Some(&default)).is_ok(), "{}", option.name);
        }
        assert_eq!(
            change("Hash", Some(&DEFAULT_HASH_MIB.to_string())),
            Ok(OptionChange::Hash(DEFAULT_HASH_MIB))
        );
    }

    #[test]
    fn combo_values_are_checked() {
        assert_eq!(
            change("uci_variant", Some("Fragments")),
            Ok(OptionChange::Variant(Variant::Fragments))
        );
        assert_eq!(
            change("UCI_Variant", Some("chess")),
            Ok(OptionChange::Variant(Variant::Chess))
        );
        assert_eq!(
            change("UCI_Variant", Some("crazyhouse")).unwrap_err(),
            "option UCI_Variant takes one of chess, fragments, not 'crazyhouse'"
        );
        assert!(change("UCI_Variant", None).is_err());
    }

    #[test]
    fn names_ignore_case_and_spacing() {
        assert_eq!(change("hash", Some("32")), Ok(OptionChange::Hash(32)));
        assert_eq!(change("THREADS", Some("4")), Ok(OptionChange::Threads(4)));
        assert_eq!(change("multipv", Some("3")), Ok(OptionChange::MultiPv(3)));
        assert_eq!(
            change(" move   overhead ", Some("0")),
            Ok(OptionChange::MoveOverhead(Duration::ZERO))
        );
        assert_eq!(change("CLEAR HASH", None), Ok(OptionChange::ClearHash));
        assert_eq!(change("Clear Hash", Some("x")), Ok(OptionChange::ClearHash));
    }

    #[test]
    fn spin_values_are_checked() {
        assert_eq!(
            change("Hash", Some("65536")),
            Ok(OptionChange::Hash(65_536))
        );
        assert_eq!(change("Hash", Some(" +1 ")), Ok(OptionChange::Hash(1)));
        assert_eq!(
            change("Hash", Some("lots")),
            Err(
                "'lots' is not a number for option Hash: a whole number from 1 to 65536"
                    .to_string()
            )
        );
        assert_eq!(
            change("hash", Some("1.5")),
            Err(
                "'1.5' is not a number for option Hash: a whole number from 1 to 65536".to_string()
            )
        );
        assert_eq!(
            change("Hash", Some("")),
            Err("'' is not a number for option Hash: a whole number from 1 to 65536".to_string())
        );
        assert_eq!(
            change("Threads", Some("0")),
            Err("0 is out of range 1..256 for option Threads".to_string())
        );
        assert_eq!(
            change("Hash", Some("65537")),
            Err("65537 is out of range 1..65536 for option Hash".to_string())
        );
        assert_eq!(
            change("Move Overhead", Some("-1")),
            Err("-1 is out of range 0..5000 for option Move Overhead".to_string())
        );
        assert_eq!(
            change("Move Overhead", Some("-0")),
            Ok(OptionChange::MoveOverhead(Duration::ZERO))
        );
        assert!(matches!(
            OptionChange::parse("MultiPV", Some("99999999999999999999999")),
            Err(OptionError::OutOfRange {
                option: "MultiPV",
                ..
            })
        ));
        assert_eq!(
            change("Threads", None),
            Err(
                "option Threads needs a value: setoption name Threads value \
                 <a number from 1 to 256>"
                    .to_string()
            )
        );
    }

    #[test]
    fn check_values_are_checked() {
        assert_eq!(
            change("Ponder", Some("true")),
            Ok(OptionChange::Ponder(true))
        );
        assert_eq!(
            change("ownbook", Some("TRUE")),
            Ok(OptionChange::OwnBook(true))
        );
        assert_eq!(
            change("OwnBook", Some("False")),
            Ok(OptionChange::OwnBook(false))
        );
        assert_eq!(
            change("ponder", Some("maybe")),
            Err("option Ponder needs value true or false, not 'maybe'".to_string())
        );
        assert_eq!(
            change("OwnBook", None),
            Err(
                "option OwnBook needs a value: setoption name OwnBook value <true or false>"
                    .to_string()
            )
        );
    }

    #[test]
    fn string_values() {
        assert_eq!(
            change("BookFile", Some(" /tmp/book.bin ")),
            Ok(OptionChange::BookFile("/tmp/book.bin".to_string()))
        );
        for value in [Some("<empty>"), Some(""), None] {
            assert_eq!(
                change("bookfile", value),
                Ok(OptionChange::BookFile(String::new())),
                "{value:?}"
            );
        }
    }

    #[test]
    fn unknown_options_are_named() {
        assert_eq!(
            change("Colour", Some("red")),
            Err("unknown option: Colour".to_string())
        );
        assert_eq!(change("", None), Err("unknown option: ".to_string()));
    }
}
