//! status (todo)
/// g
pub struct Game;
/// s
pub enum GameStatus {}
