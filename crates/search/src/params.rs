//! Every tuning number of the search and the time manager, named in one place.
//!
//! [`SearchParams`] holds them with their defaults; a tuner changes them at run time through
//! [`SearchParams::set`] (the UCI front-end offers each as a `spin` option when built with the
//! cargo feature `tune`). Fractions are written in hundredths (`lmr_base = 50` means 0.5) so
//! that every parameter is an integer a tuner can step.

use std::fmt;

/// The name, default and range of one parameter, for tuners and UCI `spin` options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The field name, e.g. `futility_margin_per_depth`.
    pub name: &'static str,
    /// The default value.
    pub default: i32,
    /// The smallest sensible value.
    pub min: i32,
    /// The largest sensible value.
    pub max: i32,
    /// What the parameter does.
    pub doc: &'static str,
}

/// A parameter name that does not exist, or a value outside its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is outside `min..=max`.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value refused.
        value: i32,
        /// Its smallest allowed value.
        min: i32,
        /// Its largest allowed value.
        max: i32,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter is called '{name}'"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{value} is outside {min}..={max} for {name}"),
        }
    }
}

impl std::error::Error for ParamError {}

macro_rules! search_params {
    ($( #[doc = $doc:literal] $name:ident = $default:literal in $min:literal ..= $max:literal; )*) => {
        /// The tuning numbers of the search and the time manager (see the module docs).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( #[doc = $doc] pub $name: i32, )*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $( $name: $default, )* }
            }
        }

        impl SearchParams {
            /// Every parameter's name, default, range and description.
            pub const SPECS: &'static [ParamSpec] = &[
                $( ParamSpec { name: stringify!($name), default: $default, min: $min, max: $max, doc: $doc.trim_ascii() }, )*
            ];

            /// The value of the parameter called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $( stringify!($name) => Some(self.$name), )*
                    _ => None,
                }
            }

            /// Sets the parameter called `name`, if `value` is within its range.
            pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
                let spec = SearchParams::SPECS
                    .iter()
                    .find(|spec| spec.name == name)
                    .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
                if !(spec.min..=spec.max).contains(&value) {
                    return Err(ParamError::OutOfRange {
                        name: spec.name,
                        value,
                        min: spec.min,
                        max: spec.max,
                    });
                }
                match name {
                    $( stringify!($name) => self.$name = value, )*
                    _ => unreachable!("every spec names a field"),
                }
                Ok(())
            }
        }
    };
}

search_params! {
    /// Aspiration windows are used from this iteration depth on.
    aspiration_min_depth = 4 in 1..=16;
    /// The first aspiration window's half-width, in centipawns (doubled after each failure).
    aspiration_window = 25 in 5..=200;
    /// Past this half-width the aspiration window opens fully.
    aspiration_max_window = 800 in 100..=5000;
    /// Reverse futility pruning applies up to this depth.
    reverse_futility_max_depth = 6 in 0..=16;
    /// Reverse futility margin per ply of depth, in centipawns.
    reverse_futility_margin = 89 in 10..=400;
    /// Null-move pruning applies from this depth on.
    null_move_min_depth = 3 in 1..=16;
    /// The null move's base depth reduction.
    null_move_base_reduction = 3 in 1..=8;
    /// One more ply of null-move reduction per this many plies of depth.
    null_move_depth_divisor = 4 in 1..=16;
    /// One more ply of null-move reduction per this many centipawns of eval above beta.
    null_move_eval_divisor = 209 in 50..=1000;
    /// At most this many plies of null-move reduction come from the eval margin.
    null_move_max_eval_reduction = 3 in 0..=8;
    /// Internal iterative reduction (one ply less without a hash move) from this depth on.
    iir_min_depth = 4 in 1..=16;
    /// Captures losing material by SEE are pruned up to this depth.
    see_prune_max_depth = 4 in 0..=16;
    /// SEE pruning threshold per ply of depth, in centipawns (the capture must lose more).
    see_prune_margin = 90 in 0..=500;
    /// Quiet moves that lose material by SEE are pruned up to this depth.
    see_quiet_prune_max_depth = 8 in 0..=16;
    /// SEE threshold per ply of depth for quiet moves, in centipawns (the move must lose more).
    see_quiet_prune_margin = 64 in 0..=500;
    /// Late move pruning applies up to this depth.
    late_move_max_depth = 8 in 0..=16;
    /// Late move pruning skips quiet moves after `late_move_base + depth²` moves (half as many where the evaluation is not improving).
    late_move_base = 3 in 0..=20;
    /// Futility pruning of quiet moves applies up to this depth.
    futility_max_depth = 6 in 0..=16;
    /// Futility margin at depth 0, in centipawns.
    futility_margin_base = 104 in 0..=500;
    /// Futility margin per ply of depth, in centipawns.
    futility_margin_per_depth = 116 in 0..=500;
    /// Late move reductions apply from this depth on.
    lmr_min_depth = 3 in 1..=16;
    /// Late move reduction: `base + ln(depth)·ln(move number) / divisor`, base in hundredths.
    lmr_base = 53 in -100..=300;
    /// Late move reduction divisor, in hundredths (see `lmr_base`).
    lmr_divisor = 184 in 100..=600;
    /// One ply less (more) reduction per this much positive (negative) history, continuation histories included.
    lmr_history_divisor = 8727 in 1000..=32000;
    /// Less late move reduction at principal variation nodes, in plies.
    lmr_pv_reduction_less = 1 in 0..=3;
    /// Less late move reduction for killer moves, in plies.
    lmr_killer_reduction_less = 1 in 0..=3;
    /// More late move reduction of quiet moves where the hash move captures, in plies.
    lmr_tt_capture_reduction_more = 1 in 0..=3;
    /// Lazy SMP: helper threads with odd ids start this many plies deeper, to spread out.
    smp_odd_helper_depth_skip = 1 in 0..=4;
    /// Checks are extended while the ply is below this many times the iteration depth.
    check_extension_ply_factor = 2 in 0..=4;
    /// From this depth on the hash move is tested for being the only good one (singular).
    singular_min_depth = 6 in 4..=16;
    /// The hash entry must be at most this many plies shallower than the node.
    singular_tt_depth_margin = 3 in 1..=8;
    /// The other moves must fail below the hash score minus this many centipawns per ply.
    singular_margin_per_depth = 2 in 0..=10;
    /// Quiescence delta pruning margin, in centipawns.
    delta_margin = 182 in 0..=1000;
    /// History bonus of a cut-off at depth `d`: this times `d - ½`, at most `history_bonus_max`.
    history_bonus_per_depth = 214 in 1..=1000;
    /// The largest history bonus.
    history_bonus_max = 1600 in 100..=4000;
    /// History values are kept within ± this (gravity).
    history_max = 16384 in 1000..=32000;
    /// Milliseconds of a running clock never planned for, beyond the move overhead: a stall.
    time_clock_reserve_ms = 70 in 0..=1000;
    /// Moves to go assumed when the clock has no `movestogo`.
    time_moves_to_go = 30 in 5..=80;
    /// `movestogo` is clamped to at most this.
    time_max_moves_to_go = 50 in 5..=100;
    /// Share of the increment added to each move's soft limit, in hundredths.
    time_increment_share = 75 in 0..=100;
    /// The soft limit is at most this share of the remaining clock, in hundredths.
    time_max_share = 50 in 5..=95;
    /// With one move to go the soft limit is at most this share of the clock, in hundredths.
    time_last_move_share = 75 in 5..=95;
    /// The hard limit is this many times the soft limit.
    time_hard_factor = 4 in 1..=10;
    /// The hard limit is at most this share of the remaining clock, in hundredths.
    time_hard_max_share = 75 in 5..=95;
    /// Soft-limit stretch per unit of best-move instability, in hundredths.
    time_instability_weight = 60 in 0..=300;
    /// Instability kept from one iteration to the next, in hundredths.
    time_instability_decay = 50 in 0..=100;
    /// Soft-limit stretch for a score drop of `time_score_drop_scale`, in hundredths.
    time_score_drop_weight = 50 in 0..=300;
    /// The score drop, in centipawns, that counts fully.
    time_score_drop_scale = 100 in 10..=1000;
    /// The clock cuts the first iteration short only past the hard limit and this many ms.
    time_first_iteration_floor_ms = 20 in 0..=1000;
    /// The first iteration is cut short only after this many nodes too (busy machines).
    time_first_iteration_floor_nodes = 1024 in 0..=100000;
    /// The soft-limit factor is kept at least this, in hundredths.
    time_min_scale = 50 in 10..=100;
    /// The soft-limit factor is kept at most this, in hundredths.
    time_max_scale = 300 in 100..=1000;
}

/// Transposition table replacement: an entry of the current search for the same position
/// is kept (not overwritten by a bound) when it is deeper by more than this many plies.
/// A constant, not a [`SearchParams`] field: the table has no access to the parameters.
pub(crate) const TT_KEEP_DEEPER_BY: i32 = 2;
/// Transposition table replacement: each search of age costs an entry this many plies of
/// depth when a slot is chosen for a new entry.
pub(crate) const TT_AGE_WEIGHT: i32 = 8;

/// The number of entries of each dimension of the late move reduction table.
const LMR_TABLE_SIZE: usize = 64;

/// The parameters and the tables derived from them, built once per change of parameters.
#[derive(Clone, Debug)]
pub(crate) struct SearchConfig {
    /// The parameters.
    pub params: SearchParams,
    /// Late move reductions by depth and move number.
    reductions: Box<[[i32; LMR_TABLE_SIZE]; LMR_TABLE_SIZE]>,
}

impl SearchConfig {
    /// The configuration for `params`.
    pub fn new(params: SearchParams) -> SearchConfig {
        let mut reductions = Box::new([[0; LMR_TABLE_SIZE]; LMR_TABLE_SIZE]);
        let base = f64::from(params.lmr_base) / 100.0;
        let divisor = f64::from(params.lmr_divisor) / 100.0;
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, value) in row.iter_mut().enumerate().skip(1) {
                *value = (base + (depth as f64).ln() * (count as f64).ln() / divisor) as i32;
            }
        }
        SearchConfig { params, reductions }
    }

    /// The late move reduction at `depth` for the `move_count`-th move.
    #[inline]
    pub fn reduction(&self, depth: i32, move_count: i32) -> i32 {
        let last = LMR_TABLE_SIZE as i32 - 1;
        self.reductions[depth.clamp(0, last) as usize][move_count.clamp(0, last) as usize]
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::new(SearchParams::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_within_its_range_and_settable() {
        let mut params = SearchParams::default();
        for spec in SearchParams::SPECS {
            assert!(
                spec.min <= spec.default && spec.default <= spec.max,
                "{spec:?}"
            );
            assert_eq!(params.get(spec.name), Some(spec.default));
            params.set(spec.name, spec.max).unwrap();
            assert_eq!(params.get(spec.name), Some(spec.max));
            assert!(!spec.doc.is_empty());
        }
        assert!(matches!(
            params.set("no_such_thing", 1),
            Err(ParamError::Unknown(_))
        ));
        assert!(matches!(
            params.set("aspiration_window", 100_000),
            Err(ParamError::OutOfRange { .. })
        ));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let config = SearchConfig::default();
        assert_eq!(config.reduction(1, 1), 0);
        assert_eq!(config.reduction(3, 4), 1);
        assert!(config.reduction(20, 40) > config.reduction(5, 5));
        assert_eq!(config.reduction(500, 500), config.reduction(63, 63));
    }
}
