//! The full-screen app without a terminal: events are scripted, screens drawn on ratatui's
//! `TestBackend` and compared with snapshots. The engine searches a fixed number of nodes per
//! move, so that it always plays the same moves; snapshots use the `plain` theme, whose
//! pieces of the two sides have their own symbols (colours are not part of a snapshot).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use outpost_board::{Board, Color, PieceKind, Square, Variant};
use outpost_game::clock::TimeControl;
use outpost_game::players::{Mode, Player};
use outpost_game::Chess960Start;
use outpost_game::Ending;
use outpost_game::Strength;
use outpost_pgn::{read_pgn, PgnResult};
use outpost_play::line::variant;
use outpost_play::line::Settings;
use outpost_play::tui::app::{Focus, Overlay};
use outpost_play::tui::layout::Layout;
use outpost_play::tui::theme::{self, PieceSet};
use outpost_play::tui::view::{promotion_picker_area, render};
use outpost_play::tui::{App, AppEvent};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::time::{Duration, Instant};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

/// The plain theme, no pause, a deterministic engine.
fn settings(mode: Mode) -> Settings {
    Settings {
        mode,
        strength: Strength::Nodes(2_000),
        pause: Duration::ZERO,
        theme: theme::PLAIN,
        ..Settings::default()
    }
}

fn humans() -> Mode {
    Mode::new(Player::Human, Player::Human)
}

/// A test's app with its own clock, which only moves when the test says so.
struct Driver {
    app: App,
    now: Instant,
}

impl Driver {
    fn new(settings: Settings) -> Driver {
        let now = Instant::now();
        Driver {
            app: App::new(&settings, (WIDTH, HEIGHT), now),
            now,
        }
    }

    fn event(&mut self, event: AppEvent) {
        self.app.handle_event(event, self.now);
    }

    fn key(&mut self, code: KeyCode) {
        self.event(AppEvent::Key(KeyEvent::from(code)));
    }

    fn control(&mut self, c: char) {
        self.event(AppEvent::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::CONTROL,
        )));
    }

    /// Types `text` in the input line and presses Enter.
    fn typed(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
        self.key(KeyCode::Enter);
    }

    fn click(&mut self, x: u16, y: u16) {
        self.event(AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        }));
    }

    /// Clicks the middle of `square`.
    fn click_square(&mut self, square: Square) {
        let (width, height) = self.app.size();
        let layout = self.app.layout(Rect::new(0, 0, width, height));
        let rect = layout.board.expect("a board").square_rect(square);
        self.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
    }

    fn wait_for_engine(&mut self) {
        self.app.wait_for_engine(self.now);
    }

    fn later(&mut self, seconds: u64) {
        self.now += Duration::from_secs(seconds);
        self.event(AppEvent::Tick);
    }

    /// The screen as text, one line per row, without trailing blanks.
    fn screen(&self) -> String {
        let (width, height) = self.app.size();
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| render(frame, &self.app)).unwrap();
        let buffer = terminal.backend().buffer();
        let mut text = String::new();
        for y in 0..height {
            let row: String = (0..width)
                .map(|x| buffer.cell((x, y)).map_or(" ", |cell| cell.symbol()))
                .collect();
            text.push_str(row.trim_end());
            text.push('\n');
        }
        text
    }
}

#[test]
fn start_screen() {
    let driver = Driver::new(settings(Mode::default()));
    insta::assert_snapshot!("start_screen", driver.screen());
}

#[test]
fn a_selected_piece_shows_its_targets() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.typed("e5");
    driver.key(KeyCode::Esc);
    driver.click_square(Square::G1);
    assert_eq!(driver.app.selected(), Some(Square::G1));
    let mut targets: Vec<Square> = driver.app.targets().iter().map(|pick| pick.to).collect();
    targets.sort_by_key(|square| square.index());
    assert_eq!(targets, [Square::E2, Square::F3, Square::H3]);
    insta::assert_snapshot!("selected_piece", driver.screen());
    driver.click_square(Square::F3);
    assert_eq!(driver.app.game().san_moves(), "e4 e5 Nf3");
}

/// A Chess960 game from start position `number` between two humans.
fn chess960(number: u16) -> Settings {
    Settings {
        chess960: Some(Chess960Start::Numbered(number)),
        ..settings(humans())
    }
}

#[test]
fn a_chess960_start_shows_its_number() {
    // Chess960 #123 is NQRNBKRB.
    let driver = Driver::new(chess960(123));
    assert_eq!(driver.app.chess960_number(), Some(123));
    insta::assert_snapshot!("chess960_start", driver.screen());
}

#[test]
fn the_king_put_down_on_its_rook_castles_in_chess960() {
    // Chess960 #3 is BQNNRKRB: O-O swaps king f1 and rook g1.
    let mut driver = Driver::new(chess960(3));
    driver.click_square(Square::F1);
    let targets: Vec<Square> = driver.app.targets().iter().map(|pick| pick.to).collect();
    assert_eq!(targets, [Square::G1]);
    driver.click_square(Square::G1);
    assert_eq!(driver.app.game().san_moves(), "O-O");
    // Typed as king takes rook, and as SAN.
    driver.typed("f8g8");
    assert_eq!(driver.app.game().san_moves(), "O-O O-O");
    insta::assert_snapshot!("chess960_castled", driver.screen());
    driver.typed("new");
    assert_eq!(driver.app.game().moves().len(), 0);
    assert_eq!(driver.app.chess960_number(), Some(3));
    driver.key(KeyCode::Esc);
    driver.typed("O-O");
    assert_eq!(driver.app.game().san_moves(), "O-O");
}

/// A Chess Fragments game between two humans.
fn fragments() -> Settings {
    Settings {
        start: variant::start_board(Variant::Fragments),
        ..settings(humans())
    }
}

#[test]
fn a_chess_fragments_start_is_5_by_5() {
    let mut driver = Driver::new(fragments());
    insta::assert_snapshot!("fragments_start", driver.screen());
    // The cursor stays on the 5×5 board.
    assert_eq!(driver.app.cursor(), Square::E2);
    for _ in 0..6 {
        driver.key(KeyCode::Right);
        driver.key(KeyCode::Up);
    }
    assert_eq!(driver.app.cursor(), Square::E5);
    for _ in 0..6 {
        driver.key(KeyCode::Left);
    }
    assert_eq!(driver.app.cursor(), Square::A5);
    driver.key(KeyCode::Enter);
    assert_eq!(driver.app.selected(), None, "a black piece");
}

#[test]
fn chess_fragments_moves_by_san_coordinates_and_clicks() {
    let mut driver = Driver::new(fragments());
    driver.typed("b2b3");
    driver.typed("cxb3");
    driver.typed("axb3");
    driver.typed("d3");
    driver.key(KeyCode::Esc);
    // The Right goes up the opened a-file: a rook's move.
    driver.click_square(Square::A1);
    let mut targets: Vec<Square> = driver.app.targets().iter().map(|pick| pick.to).collect();
    targets.sort_by_key(|square| square.index());
    assert_eq!(targets, [Square::A2, Square::A3, Square::A4]);
    driver.click_square(Square::A4);
    assert_eq!(driver.app.game().san_moves(), "b3 cxb3 axb3 d3 Cxa4");
    insta::assert_snapshot!("fragments_right_move", driver.screen());
    driver.typed("new");
    assert_eq!(driver.app.game().moves().len(), 0);
    assert_eq!(
        driver.app.game().start(),
        &variant::start_board(Variant::Fragments)
    );
}

#[test]
fn a_5_by_5_fen_typed_in_a_chess_game_is_chess_fragments() {
    let mut driver = Driver::new(settings(Mode::new(Player::Human, Player::Human)));
    for _ in 0..4 {
        driver.key(KeyCode::Up);
    }
    assert_eq!(driver.app.cursor(), Square::E6);
    driver.typed("fen cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1");
    assert!(Variant::Fragments.squares().contains(driver.app.cursor()));
    assert!(driver.screen().contains("Game · Chess Fragments"));
    driver.typed("new");
    assert_eq!(
        driver.app.game().start(),
        &variant::start_board(Variant::Fragments)
    );
    driver.click_square(Square::B1);
    driver.click_square(Square::C3);
    assert_eq!(driver.app.game().san_moves(), "Nc3");
}

#[test]
fn chess_fragments_offers_the_right_as_a_promotion() {
    let mut driver = Driver::new(Settings {
        start: Board::from_fen("k4/2P2/5/5/1C2K w - - 0 1").unwrap(),
        ..settings(humans())
    });
    driver.click_square(Square::C4);
    driver.click_square(Square::C5);
    assert!(driver.app.promotion().is_some());
    assert_eq!(
        driver.app.promotions(),
        [
            PieceKind::Queen,
            PieceKind::Right,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    insta::assert_snapshot!("fragments_promotion", driver.screen());
    driver.key(KeyCode::Char('c'));
    assert_eq!(driver.app.game().san_moves(), "c5=C#");
}

#[test]
fn a_random_chess960_game_gets_a_new_number_each_new_game() {
    let mut driver = Driver::new(Settings {
        chess960: Some(Chess960Start::Random),
        ..settings(humans())
    });
    let mut seen = std::collections::HashSet::new();
    for _ in 0..5 {
        let number = driver.app.chess960_number().expect("a number");
        assert_eq!(driver.app.game().start(), &Board::chess960(number).unwrap());
        seen.insert(number);
        driver.typed("new");
    }
    assert!(seen.len() > 1, "{seen:?}");
}

#[test]
fn the_promotion_picker_offers_four_pieces() {
    let mut start = settings(humans());
    start.start = Board::from_fen("7k/1P6/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let mut driver = Driver::new(start);
    driver.click_square(Square::B7);
    driver.click_square(Square::B8);
    assert!(driver.app.promotion().is_some());
    insta::assert_snapshot!("promotion_picker", driver.screen());
    // Arrows move the choice; Esc cancels; a letter picks.
    driver.key(KeyCode::Right);
    assert_eq!(driver.app.promotion().unwrap().choice, 1);
    driver.key(KeyCode::Esc);
    assert!(driver.app.promotion().is_none());
    driver.click_square(Square::B7);
    driver.click_square(Square::B8);
    driver.key(KeyCode::Char('n'));
    assert_eq!(driver.app.game().san_moves(), "b8=N");
}

#[test]
fn the_promotion_picker_takes_a_click() {
    let mut start = settings(humans());
    start.start = Board::from_fen("7k/1P6/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let mut driver = Driver::new(start);
    driver.click_square(Square::B7);
    driver.click_square(Square::B8);
    let layout = Layout::new(Rect::new(0, 0, WIDTH, HEIGHT), false);
    let picker = promotion_picker_area(&layout.board.unwrap(), driver.app.promotions().len());
    // The third piece: the bishop.
    driver.click(picker.rect.x + 1 + 2 * 5 + 1, picker.rect.y + 1);
    assert_eq!(driver.app.game().san_moves(), "b8=B");
    assert_eq!(
        driver
            .app
            .game()
            .board()
            .piece_at(Square::B8)
            .map(outpost_board::Piece::kind),
        Some(PieceKind::Bishop)
    );
}

#[test]
fn end_of_game() {
    let mut driver = Driver::new(settings(humans()));
    for san in ["f3", "e5", "g4", "Qh4#"] {
        driver.typed(san);
    }
    assert_eq!(
        driver.app.ending(),
        Some(Ending::Rules(outpost_movegen::GameStatus::Checkmate {
            winner: Color::Black
        }))
    );
    assert!(
        driver
            .app
            .message()
            .starts_with("Game over: checkmate, black wins (0-1)."),
        "{}",
        driver.app.message()
    );
    insta::assert_snapshot!("end_of_game", driver.screen());
    // No move after the end.
    driver.typed("e4");
    assert!(driver.app.message().starts_with("The game is over"));
    assert_eq!(driver.app.game().moves().len(), 4);
}

#[test]
fn narrow_terminal() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.event(AppEvent::Resize(40, 14));
    insta::assert_snapshot!("narrow_terminal", driver.screen());
    driver.event(AppEvent::Resize(20, 6));
    let tiny = driver.screen();
    assert!(tiny.contains("The terminal is"), "{tiny}");
    insta::assert_snapshot!("tiny_terminal", tiny);
    // Clicks on a screen without a board do nothing.
    driver.click(3, 3);
    driver.event(AppEvent::Resize(WIDTH, HEIGHT));
    driver.typed("e5");
    assert_eq!(driver.app.game().san_moves(), "e4 e5");
}

#[test]
fn ascii_pieces_and_the_brown_theme_draw_too() {
    let mut ascii = settings(humans());
    ascii.pieces = PieceSet::Ascii;
    ascii.theme = theme::BROWN;
    let driver = Driver::new(ascii);
    let screen = driver.screen();
    assert!(screen.contains('R') && screen.contains('k'), "{screen}");
    assert!(!screen.contains('♜'), "{screen}");
}

#[test]
fn the_theme_colours_squares_and_pieces() {
    let mut brown = settings(humans());
    brown.theme = theme::BROWN;
    let mut driver = Driver::new(brown);
    driver.typed("e4");
    driver.typed("Nf6");
    driver.key(KeyCode::Esc);
    driver.click_square(Square::E4);
    let (width, height) = driver.app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render(frame, &driver.app)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let board = Layout::new(Rect::new(0, 0, width, height), false)
        .board
        .unwrap();
    let centre = |square: Square| {
        let rect = board.square_rect(square);
        buffer
            .cell((rect.x + rect.width / 2, rect.y + rect.height / 2))
            .unwrap()
            .clone()
    };
    assert_eq!(centre(Square::E4).bg, theme::BROWN.selected);
    assert_eq!(centre(Square::E4).fg, theme::BROWN.white_piece);
    assert_eq!(centre(Square::E5).symbol(), "•", "a target");
    assert_eq!(centre(Square::G8).bg, theme::BROWN.last_move);
    assert_eq!(centre(Square::F6).bg, theme::BROWN.last_move);
    assert_eq!(centre(Square::F6).fg, theme::BROWN.black_piece);
    assert_eq!(centre(Square::A1).bg, theme::BROWN.dark);
    assert_eq!(centre(Square::H1).bg, theme::BROWN.light);
}

#[test]
fn a_game_against_the_engine_by_keys_clicks_and_typing() {
    let mut driver = Driver::new(settings(Mode::default()));
    // The cursor starts on e2: pick the pawn up, two steps up, put it down.
    assert_eq!(driver.app.cursor(), Square::E2);
    driver.key(KeyCode::Enter);
    driver.key(KeyCode::Up);
    driver.key(KeyCode::Up);
    assert_eq!(driver.app.cursor(), Square::E4);
    driver.key(KeyCode::Char(' '));
    assert_eq!(driver.app.game().moves().len(), 1);
    assert!(driver.app.is_thinking());
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    // The mouse: the knight from g1 to f3.
    driver.click_square(Square::G1);
    driver.click_square(Square::F3);
    driver.wait_for_engine();
    // Typed SAN, from the board's focus: the first letter moves the focus to the line.
    assert_eq!(driver.app.focus(), Focus::Board);
    driver.typed("a3");
    assert_eq!(driver.app.focus(), Focus::Board, "the move was accepted");
    driver.wait_for_engine();
    let game = driver.app.game();
    assert_eq!(game.moves().len(), 6, "{}", game.san_moves());
    let sans: Vec<String> = game.san_moves().split(' ').map(str::to_string).collect();
    assert_eq!([&sans[0], &sans[2], &sans[4]], ["e4", "Nf3", "a3"]);
    // The engine pane showed its search.
    let thinking = driver.app.thinking().expect("the engine searched");
    assert!(!thinking.running && thinking.info.is_some());
    // In the input line, Up recalls the line typed.
    driver.key(KeyCode::Tab);
    driver.key(KeyCode::Up);
    assert_eq!(driver.app.line().text(), "a3");
}

#[test]
fn words_starting_with_h_j_k_or_l_are_typed_from_the_board() {
    let mut driver = Driver::new(settings(Mode::default()));
    assert_eq!(driver.app.focus(), Focus::Board);
    driver.typed("h3");
    assert_eq!(
        driver.app.game().san_moves(),
        "h3",
        "{}",
        driver.app.message()
    );
    driver.wait_for_engine();
    assert_eq!(driver.app.focus(), Focus::Board);
    driver.typed("help");
    assert_eq!(driver.app.overlay(), Some(Overlay::Help));
    driver.key(KeyCode::Esc);
    assert_eq!(driver.app.focus(), Focus::Board);
    driver.typed("hint");
    assert!(
        driver
            .app
            .message()
            .starts_with("The engine looks for a hint"),
        "{}",
        driver.app.message()
    );
    driver.wait_for_engine();
    assert!(driver.app.message().starts_with("Hint: "));
    // j, k and l start the line too; the cursor stays where it was.
    let cursor = driver.app.cursor();
    for c in ['j', 'k', 'l'] {
        driver.key(KeyCode::Esc);
        driver.key(KeyCode::Char(c));
        assert_eq!(driver.app.focus(), Focus::Input);
        assert_eq!(driver.app.line().text(), c.to_string());
        driver.key(KeyCode::Backspace);
    }
    assert_eq!(driver.app.cursor(), cursor);
}

#[test]
fn the_board_has_the_arrows_again_after_a_typed_move() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    assert_eq!(driver.app.focus(), Focus::Board);
    assert_eq!(driver.app.cursor(), Square::E2);
    driver.key(KeyCode::Right);
    driver.key(KeyCode::Up);
    assert_eq!(driver.app.cursor(), Square::F3);
    // A command too; typing still starts the line at once.
    driver.typed("flip");
    assert_eq!(driver.app.focus(), Focus::Board);
    driver.typed("e5");
    assert_eq!(driver.app.game().san_moves(), "e4 e5");
    assert_eq!(driver.app.focus(), Focus::Board);
    // A line that is not accepted keeps the focus and its text, selected, to be fixed with
    // the cursor keys, and the message says why.
    driver.typed("Kz9");
    assert_eq!(driver.app.focus(), Focus::Input);
    assert_eq!(driver.app.line().text(), "Kz9");
    assert!(driver.app.line().is_selected());
    assert!(
        driver.app.message().contains("The board is unchanged"),
        "{}",
        driver.app.message()
    );
    driver.key(KeyCode::End);
    driver.key(KeyCode::Backspace);
    driver.key(KeyCode::Backspace);
    driver.typed("e2");
    assert_eq!(driver.app.game().san_moves(), "e4 e5 Ke2");
    assert!(driver.app.line().is_empty());
    // Or replaced by the next line typed.
    driver.typed("dance");
    assert_eq!(driver.app.focus(), Focus::Input);
    assert_eq!(driver.app.line().text(), "dance");
    driver.typed("Ke7");
    assert_eq!(driver.app.game().san_moves(), "e4 e5 Ke2 Ke7");
    assert!(driver.app.line().is_empty());
}

#[test]
fn a_60_by_20_screen_shows_the_moves() {
    let mut driver = Driver::new(settings(humans()));
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        driver.typed(san);
    }
    driver.event(AppEvent::Resize(60, 20));
    let screen = driver.screen();
    assert!(screen.contains("1. e4"), "{screen}");
    assert!(screen.contains("2. Nf3"), "{screen}");
    assert!(screen.contains("No search yet."), "{screen}");
    insta::assert_snapshot!("screen_60_by_20", screen);
}

#[test]
fn a_long_message_is_cut_between_words() {
    let mut driver = Driver::new(settings(humans()));
    driver.event(AppEvent::Resize(100, 30));
    driver.typed("fen 4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    driver.typed("moves");
    let message = driver.app.message().to_string();
    assert!(message.chars().count() > 100, "{message}");
    let screen = driver.screen();
    let row = screen.lines().nth(28).unwrap();
    let kept = row.strip_suffix('…').expect("the cut is marked");
    assert!(message.starts_with(kept), "{row}");
    let next = message[kept.len()..].chars().next();
    assert_eq!(next, Some(' '), "cut between words: {row}");
    assert!(row.chars().count() <= 100);
}

#[test]
fn undo_keeps_the_last_search_in_the_engine_pane() {
    let mut driver = Driver::new(settings(Mode::default()));
    driver.typed("d4");
    driver.wait_for_engine();
    driver.typed("undo");
    assert!(driver.app.game().moves().is_empty());
    let thinking = driver.app.thinking().expect("the last search is kept");
    assert!(!thinking.running && thinking.info.is_some());
    let screen = driver.screen();
    assert!(!screen.contains("No search yet."), "{screen}");
    assert!(screen.contains("Last search: depth"), "{screen}");
}

#[test]
fn undo_against_the_engine_takes_back_a_move_pair() {
    let mut driver = Driver::new(settings(Mode::default()));
    driver.typed("d4");
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    driver.typed("undo");
    assert!(driver.app.game().moves().is_empty());
    assert!(driver.app.message().starts_with("Took back 1. d4 "));
    // While the engine thinks, undo takes back the human's move alone.
    driver.typed("d4");
    assert!(driver.app.is_thinking());
    driver.typed("undo");
    assert!(!driver.app.is_thinking());
    assert!(driver.app.game().moves().is_empty());
    driver.typed("undo");
    assert_eq!(driver.app.message(), "There is no move to take back.");
}

#[test]
fn browsing_goes_back_and_forth_through_the_game() {
    let mut driver = Driver::new(settings(humans()));
    for san in ["e4", "e5", "Nf3"] {
        driver.typed(san);
    }
    driver.key(KeyCode::Esc);
    driver.key(KeyCode::Char('<'));
    driver.key(KeyCode::Char('<'));
    assert_eq!(driver.app.view(), Some(1));
    assert_eq!(
        driver.app.shown_board().to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let screen = driver.screen();
    assert!(screen.contains("position after 1 of 3"), "{screen}");
    // No move while looking at the past.
    driver.key(KeyCode::Enter);
    assert!(driver.app.message().contains("earlier position"));
    driver.key(KeyCode::Char('>'));
    assert_eq!(driver.app.view(), Some(2));
    driver.key(KeyCode::Home);
    assert_eq!(
        driver.app.shown_board().to_fen(),
        Board::startpos().to_fen()
    );
    driver.key(KeyCode::End);
    assert_eq!(driver.app.view(), None);
    driver.key(KeyCode::Char('>'));
    assert_eq!(driver.app.view(), None);
    driver.typed("Nc6");
    assert_eq!(driver.app.game().moves().len(), 4);
    // A click on a move in the list shows the position after it: 1... e5 here.
    let panel = Layout::new(Rect::new(0, 0, WIDTH, HEIGHT), false)
        .panel
        .unwrap();
    let moves = outpost_play::tui::layout::inside(outpost_play::tui::layout::panel_parts(panel)[1]);
    driver.click(moves.x + 6 + 9 + 1, moves.y);
    assert_eq!(driver.app.view(), Some(2));
    driver.click(moves.x + 6 + 1, moves.y + 1);
    assert_eq!(driver.app.view(), Some(3));
    driver.click(moves.x + 6 + 9 + 1, moves.y + 1);
    assert_eq!(
        driver.app.view(),
        None,
        "the last move is the game's position"
    );
}

#[test]
fn the_mouse_wheel_scrolls_the_move_list() {
    let mut driver = Driver::new(settings(humans()));
    for file in "abcdef".chars() {
        driver.typed(&format!("{file}3"));
        driver.typed(&format!("{file}6"));
    }
    assert_eq!(driver.app.move_rows(), 6);
    // 80 x 24: the list shows 4 rows, the last ones.
    assert_eq!(driver.app.move_list_top(4), 2);
    let wheel = |kind| {
        AppEvent::Mouse(MouseEvent {
            kind,
            column: 60,
            row: 12,
            modifiers: KeyModifiers::NONE,
        })
    };
    driver.event(wheel(MouseEventKind::ScrollUp));
    assert_eq!(driver.app.move_list_top(4), 0);
    assert!(driver.screen().contains("   1. a3       a6"));
    driver.event(wheel(MouseEventKind::ScrollDown));
    assert_eq!(driver.app.move_list_top(4), 2);
}

#[test]
fn resigning_ends_the_game_and_is_saved_as_such() {
    let mut driver = Driver::new(settings(Mode::default()));
    driver.typed("e4");
    driver.wait_for_engine();
    driver.typed("resign");
    assert_eq!(
        driver.app.ending(),
        Some(Ending::Resigned {
            loser: Color::White
        })
    );
    assert!(driver
        .app
        .message()
        .contains("White resigns, black wins (0-1)"));
    let path = std::env::temp_dir().join(format!("outpost-tui-{}-resign.pgn", std::process::id()));
    driver.typed(&format!("pgn {}", path.display()));
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let games = read_pgn(&text).unwrap();
    assert_eq!(games[0].result, PgnResult::BlackWins);
    // The players' names are the screen's.
    assert!(driver.screen().contains("White: You"));
    assert_eq!(games[0].tag("White"), Some("You"));
    assert_eq!(games[0].tag("Black"), Some("Outpost"));
    assert_eq!(games[0].termination.as_deref(), Some("White resigned"));
    // Saved: quitting asks nothing.
    driver.control('c');
    assert!(driver.app.should_quit());
}

#[test]
fn the_flag_falls() {
    let mut start = settings(Mode::default());
    start.time_control = Some(TimeControl::parse("0.05+1").unwrap());
    let mut driver = Driver::new(start);
    driver.later(2);
    let clocks = driver.app.clocks().unwrap();
    assert_eq!(
        clocks.left(Color::White, driver.app.clock_time()),
        Duration::from_secs(1)
    );
    driver.typed("e4");
    // The increment was added, and black's clock runs while the engine thinks.
    assert_eq!(
        driver
            .app
            .clocks()
            .unwrap()
            .left(Color::White, driver.app.clock_time()),
        Duration::from_secs(2)
    );
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    driver.later(3);
    assert_eq!(
        driver.app.ending(),
        Some(Ending::Flag {
            loser: Color::White,
            draw: false
        })
    );
    assert!(driver
        .app
        .message()
        .contains("White lost on time, black wins (0-1)"));
    driver.typed("e4");
    assert_eq!(driver.app.game().moves().len(), 2, "no move after the flag");
}

#[test]
fn the_help_and_the_quit_question_pause_the_clocks() {
    let mut start = settings(humans());
    start.time_control = Some(TimeControl::parse("1+0").unwrap());
    let mut driver = Driver::new(start);
    let left = |driver: &Driver, color| {
        let clocks = driver.app.clocks().unwrap();
        clocks.left(color, driver.app.clock_time())
    };
    driver.later(5);
    driver.key(KeyCode::Char('?'));
    driver.later(20);
    assert_eq!(left(&driver, Color::White), Duration::from_secs(55));
    driver.key(KeyCode::Esc);
    driver.later(5);
    assert_eq!(left(&driver, Color::White), Duration::from_secs(50));
    driver.typed("e4");
    driver.later(3);
    driver.control('c');
    assert_eq!(driver.app.overlay(), Some(Overlay::ConfirmQuit));
    driver.later(100);
    assert!(driver.app.ending().is_none(), "no flag falls meanwhile");
    assert_eq!(left(&driver, Color::Black), Duration::from_secs(57));
    driver.key(KeyCode::Char('n'));
    driver.later(2);
    assert_eq!(left(&driver, Color::Black), Duration::from_secs(55));
    assert_eq!(left(&driver, Color::White), Duration::from_secs(50));
    // The evaluation table is no pause: the clock runs while it is open.
    driver.typed("eval");
    driver.later(5);
    assert_eq!(left(&driver, Color::Black), Duration::from_secs(50));
}

#[test]
fn the_first_message_gives_moves_of_the_game_as_examples() {
    let driver = Driver::new(settings(humans()));
    assert!(driver.app.message().starts_with("Type a move (e4, Nf3)"));
    let driver = Driver::new(fragments());
    assert!(
        driver.app.message().starts_with("Type a move (e3, Nc3)"),
        "{}",
        driver.app.message()
    );
    let driver = Driver::new(chess960(3));
    assert!(
        driver.app.message().starts_with("Type a move (f4, Ne3)"),
        "{}",
        driver.app.message()
    );
}

#[test]
fn the_engine_takes_a_draw_only_when_it_does_not_stand_better() {
    let mut up_a_queen = settings(Mode::default());
    up_a_queen.start = Board::from_fen("3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut driver = Driver::new(up_a_queen);
    driver.typed("draw");
    assert!(driver.app.ending().is_none());
    assert!(driver.app.message().contains("declines"));
    let mut equal = settings(Mode::default());
    equal.start = Board::from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut driver = Driver::new(equal);
    driver.typed("draw");
    assert_eq!(driver.app.ending(), Some(Ending::DrawAgreed));
    assert!(
        driver
            .app
            .message()
            .starts_with("Game over: draw agreed (1/2-1/2)."),
        "{}",
        driver.app.message()
    );
}

#[test]
fn quitting_an_unsaved_game_asks_first() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("quit");
    assert!(driver.app.should_quit(), "nothing to lose yet");
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.typed("quit");
    assert_eq!(driver.app.overlay(), Some(Overlay::ConfirmQuit));
    assert!(driver.screen().contains("The game is not saved."));
    driver.key(KeyCode::Char('n'));
    assert_eq!(driver.app.overlay(), None);
    assert!(!driver.app.should_quit());
    driver.control('c');
    driver.key(KeyCode::Char('y'));
    assert!(driver.app.should_quit());
    assert_eq!(driver.app.farewell(), None, "nothing saved, nothing to say");
    // A second Ctrl-C quits without asking again.
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.control('c');
    assert_eq!(driver.app.overlay(), Some(Overlay::ConfirmQuit));
    driver.control('c');
    assert!(driver.app.should_quit());
}

#[test]
fn saving_on_the_way_out_says_where_after_the_app_is_gone() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.typed("quit");
    // The game goes to outpost-game-<seconds>.pgn in the current directory.
    let path = driver.app.quit_path().to_string();
    driver.key(KeyCode::Char('s'));
    assert!(driver.app.should_quit());
    let farewell = driver.app.farewell().map(str::to_string);
    std::fs::remove_file(&path).unwrap();
    let farewell = farewell.expect("a line about the saved game");
    assert!(farewell.contains(&path), "{farewell}");
}

#[test]
fn help_opens_and_closes() {
    let mut driver = Driver::new(settings(humans()));
    driver.key(KeyCode::Char('?'));
    assert_eq!(driver.app.overlay(), Some(Overlay::Help));
    assert!(driver.screen().contains("Any key closes this help."));
    driver.key(KeyCode::Char('x'));
    assert_eq!(driver.app.overlay(), None);
    assert!(driver.app.line().is_empty(), "the closing key is not typed");
}

#[test]
fn commands_of_the_line_mode_work_in_the_app() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(
        driver.app.game().board().to_fen(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    driver.typed("O-O");
    assert_eq!(driver.app.game().san_moves(), "O-O");
    driver.typed("flip");
    assert!(driver.app.flipped());
    driver.typed("fen 8/8");
    assert!(driver.app.message().starts_with("Bad FEN"));
    // A refused line stays in the input line: Ctrl-U empties it.
    driver.control('u');
    driver.typed("depth 3");
    assert_eq!(driver.app.strength(), Strength::Depth(3));
    driver.typed("mode black");
    assert_eq!(driver.app.mode(), Mode::new(Player::Engine, Player::Human));
    driver.typed("new");
    // The engine (white) moves first in the new game.
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 1);
    driver.typed("Kz9");
    assert!(driver.app.message().contains("The board is unchanged"));
    driver.control('u');
    driver.typed("load /nonexistent/file.pgn");
    assert!(driver.app.message().starts_with("Could not read"));
    driver.control('u');
    driver.typed("hint");
    driver.wait_for_engine();
    assert!(
        driver.app.message().starts_with("Hint: "),
        "{}",
        driver.app.message()
    );
    assert!(
        driver.app.selected().is_some(),
        "the hinted piece is picked up"
    );
}

/// Random keys, clicks, wheel turns and screen sizes never panic, and the game stays legal.
#[test]
fn random_input_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut driver = Driver::new(settings(humans()));
    let keys = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::F(1),
        KeyCode::Char(' '),
    ];
    let letters = "hjklabcdefgh12345678NBRQKOx-=+#<>?:/ undoflipresigndraw";
    for step in 0..4000 {
        let roll = rng.next_u32();
        match roll % 10 {
            0..=3 => driver.key(keys[(roll / 10) as usize % keys.len()]),
            4..=6 => {
                let c = letters
                    .chars()
                    .nth((roll / 10) as usize % letters.len())
                    .unwrap();
                driver.key(KeyCode::Char(c));
            }
            7 => driver.click((roll >> 8) as u16 % 100, (roll >> 20) as u16 % 40),
            8 => driver.event(AppEvent::Mouse(MouseEvent {
                kind: MouseEventKind::ScrollUp,
                column: 60,
                row: 12,
                modifiers: KeyModifiers::NONE,
            })),
            _ => {
                let size = ((roll >> 8) as u16 % 130, (roll >> 20) as u16 % 50);
                driver.event(AppEvent::Resize(size.0, size.1));
            }
        }
        if driver.app.should_quit() {
            driver = Driver::new(settings(humans()));
        }
        if step % 40 == 0 {
            driver.screen();
        }
    }
}

#[test]
fn a_large_screen_with_clocks() {
    let mut start = settings(Mode::default());
    start.time_control = Some(TimeControl::parse("5+3").unwrap());
    let mut driver = Driver::new(start);
    driver.event(AppEvent::Resize(100, 30));
    driver.later(7);
    insta::assert_snapshot!("large_screen_with_clocks", driver.screen());
}

#[test]
fn a_promotion_takes_nothing_and_a_capture_is_counted() {
    let start = Board::from_fen("k7/2P5/8/8/8/8/1p6/2N4K w - - 0 1").unwrap();
    let mut driver = Driver::new(Settings {
        start,
        ..settings(humans())
    });
    driver.typed("c8=Q+");
    let screen = driver.screen();
    assert!(screen.contains("Taken - / -"), "{screen}");
    driver.typed("Ka7");
    driver.typed("Kg1");
    driver.typed("bxc1=Q+");
    let screen = driver.screen();
    assert!(screen.contains("Taken - / ♘"), "{screen}");
}

#[test]
fn a_fen_of_other_rules_says_it_changes_them() {
    let mut driver = Driver::new(fragments());
    driver.typed("fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(driver.app.message(), "Position set up. Now playing Chess.");
    driver.typed("fen k4/5/5/5/4K w - - 0 1");
    assert_eq!(
        driver.app.message(),
        "Position set up. Now playing Chess Fragments."
    );
    driver.typed("fen k4/5/5/1P3/4K w - - 0 1");
    assert_eq!(driver.app.message(), "Position set up.");
}

#[test]
fn chess_fragments_help_and_smallest_screen() {
    let mut driver = Driver::new(fragments());
    driver.key(KeyCode::F(1));
    let help = driver.screen();
    assert!(
        help.contains("a 5×5 board, no castling. C is the Right"),
        "{help}"
    );
    assert!(
        help.contains("(e3, b3,") && help.contains("Nc3, a5=C, b1c3)"),
        "{help}"
    );
    assert!(!help.contains("e4"), "{help}");
    driver.key(KeyCode::Esc);
    // The 5×5 board needs 17×9 cells; an 8×8 game would need 26×12.
    driver.event(AppEvent::Resize(17, 9));
    let smallest = driver.screen();
    assert!(!smallest.contains("The terminal is"), "{smallest}");
    driver.event(AppEvent::Resize(16, 9));
    let small = driver
        .screen()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(small.contains("needs at least 17×9"), "{small}");
}

#[test]
fn help_overlay() {
    let mut driver = Driver::new(settings(humans()));
    driver.key(KeyCode::F(1));
    insta::assert_snapshot!("help_overlay", driver.screen());
}

/// `eval` typed shows the static evaluation term by term over the board; any key closes it.
#[test]
fn eval_overlay() {
    let mut driver = Driver::new(settings(humans()));
    driver.typed("e4");
    driver.typed("eval");
    let screen = driver.screen();
    for row in [
        "Passed pawns",
        "Mobility",
        "King safety",
        "Threats",
        "Tempo",
        "Score",
    ] {
        assert!(screen.contains(row), "{row}: {screen}");
    }
    insta::assert_snapshot!("eval_overlay", screen);
    driver.key(KeyCode::Esc);
    assert!(!driver.screen().contains("King safety"));
}

#[test]
fn the_engine_pauses_between_its_moves_when_it_plays_itself() {
    let mut engines = settings(Mode::new(Player::Engine, Player::Engine));
    engines.pause = Duration::from_millis(300);
    let mut driver = Driver::new(engines);
    assert!(driver.app.is_thinking(), "white's engine starts at once");
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 1);
    assert!(
        !driver.app.is_thinking(),
        "black's engine waits for the pause"
    );
    driver.later(1);
    assert!(driver.app.is_thinking());
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    // A human may take over: the engine stops playing white.
    driver.typed("mode humans");
    driver.later(1);
    assert!(!driver.app.is_thinking());
    driver.typed("e4");
    assert_eq!(driver.app.game().moves().len(), 3);
}

/// A book that answers 1. e4 with e5 and knows nothing else.
struct AnswersE4;

impl outpost_game::book::OpeningBook for AnswersE4 {
    fn probe(&self, game: &outpost_movegen::Game) -> Option<outpost_board::Move> {
        let board = game.board();
        (game.moves().len() == 1)
            .then(|| {
                outpost_movegen::uci::UciNotation::STANDARD
                    .parse(board, "e7e5")
                    .ok()
            })
            .flatten()
    }
}

#[test]
fn a_book_move_is_told_in_the_engine_pane() {
    let mut driver = Driver::new(settings(Mode::default()));
    driver.app = driver.app.with_book(Box::new(AnswersE4));
    driver.typed("e4");
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    let screen = driver.screen();
    assert!(screen.contains("1... e5 from the book"), "{screen}");
    // The next move is searched, and the pane shows the search again.
    driver.typed("Nf3");
    driver.wait_for_engine();
    let screen = driver.screen();
    assert!(!screen.contains("from the book"), "{screen}");
    assert!(screen.contains("Last search: depth"), "{screen}");
}

#[test]
fn a_level_is_chosen_shown_and_refused_with_the_list() {
    let mut with_level = settings(Mode::default());
    with_level.level = outpost_game::Level::from_elo(1700).ok();
    let mut driver = Driver::new(with_level);
    assert!(
        driver.screen().contains("Engine · level 1700"),
        "{}",
        driver.screen()
    );
    driver.typed("e4");
    driver.wait_for_engine();
    assert_eq!(driver.app.game().moves().len(), 2);
    driver.typed("level 2200");
    assert_eq!(driver.app.message(), "Engine: level 2200.");
    assert!(driver.screen().contains("Engine · level 2200"));
    driver.typed("level full");
    assert_eq!(driver.app.level(), None);
    assert!(!driver.screen().contains("Engine · level"));
    driver.typed("level expert");
    assert!(
        driver
            .app
            .message()
            .contains("levels: full, 1400, 1600, 1800, 2000, 2200"),
        "{}",
        driver.app.message()
    );
    assert_eq!(driver.app.level(), None);
}
