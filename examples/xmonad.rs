//! The SmartCheck paper's xmonad study (§6.1): a window manager's stack set, with a `delete`
//! whose filter was inverted by a typo (`== w` instead of `!= w`).
//!
//! The property says that deleting the focused window removes it. Every counterexample is a
//! wall of fields; generalization shows that only one thing matters: the current workspace
//! has a stack (`Some(..)`). Everything else is a variable: the paper's `visible: x0, hidden:
//! x1, stack: Some(x2)`, and the numbers (tags, layouts, screens) too, named after those. The
//! invariant is a precondition, so a note says that the variables range over stack sets that
//! satisfy it.
//!
//! Run: `cargo run --example xmonad` (set `SMARTCHECK_SEED` to replay a run; pass `--tree` for
//! the paper's tree format).

use std::collections::{BTreeMap, BTreeSet};

use smartcheck::{Arbitrary, Args, Format, Gen, SubTypes, Verdict};

/// Which workspace is on which screen, and the windows of each.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
pub struct StackSet {
    /// The focused screen.
    pub current: Screen,
    /// The other screens.
    pub visible: Vec<Screen>,
    /// Workspaces not on any screen.
    pub hidden: Vec<Workspace>,
    /// Floating windows and their places; a map, kept opaque here as the paper treats maps
    /// (smartcheck reduces maps as entry lists otherwise). Empty when generated, as xmonad's
    /// test generator builds every stack set from `new`.
    #[smartcheck(opaque, with = no_floating)]
    pub floating: BTreeMap<char, (u8, u8)>,
}

fn no_floating(_: &mut Gen) -> BTreeMap<char, (u8, u8)> {
    BTreeMap::new()
}

/// A screen and the workspace it shows.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
pub struct Screen {
    /// The workspace shown.
    pub workspace: Workspace,
    /// The screen's number.
    pub screen: i32,
    /// The screen's details.
    pub detail: i32,
}

/// A workspace: a tag, a layout, and its windows if it has any.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
pub struct Workspace {
    /// The tag.
    pub tag: u8,
    /// The layout.
    pub layout: i8,
    /// The windows, `None` when there are none.
    pub stack: Option<Stack>,
}

/// The windows of a workspace: the focused one, those above it and those below it.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
pub struct Stack {
    /// The focused window.
    pub focus: char,
    /// Windows above the focus, nearest first.
    pub up: Vec<char>,
    /// Windows below the focus, nearest first.
    pub down: Vec<char>,
}

impl Stack {
    /// xmonad's `filter`: the windows satisfying `keep`; the focus moves down, else up, when it
    /// goes; `None` when nothing is left.
    fn filter(&self, keep: impl Fn(char) -> bool) -> Option<Stack> {
        let up: Vec<char> = self.up.iter().copied().filter(|&w| keep(w)).collect();
        let mut down: Vec<char> = self.down.iter().copied().filter(|&w| keep(w)).collect();
        if keep(self.focus) {
            return Some(Stack { focus: self.focus, up, down });
        }
        if !down.is_empty() {
            let focus = down.remove(0);
            return Some(Stack { focus, up, down });
        }
        let mut up = up;
        if up.is_empty() {
            return None;
        }
        let focus = up.remove(0);
        Some(Stack { focus, up, down })
    }

    fn windows(&self) -> impl Iterator<Item = char> + '_ {
        std::iter::once(self.focus).chain(self.up.iter().copied()).chain(self.down.iter().copied())
    }

    fn contains(&self, w: char) -> bool {
        self.windows().any(|x| x == w)
    }
}

impl StackSet {
    fn workspaces(&self) -> impl Iterator<Item = &Workspace> {
        std::iter::once(&self.current.workspace)
            .chain(self.visible.iter().map(|s| &s.workspace))
            .chain(self.hidden.iter())
    }

    fn workspaces_mut(&mut self) -> impl Iterator<Item = &mut Workspace> {
        std::iter::once(&mut self.current.workspace)
            .chain(self.visible.iter_mut().map(|s| &mut s.workspace))
            .chain(self.hidden.iter_mut())
    }

    /// The focused window of the current workspace.
    pub fn peek(&self) -> Option<char> {
        self.current.workspace.stack.as_ref().map(|s| s.focus)
    }

    /// True when window `w` is on some workspace.
    pub fn member(&self, w: char) -> bool {
        self.workspaces().any(|ws| ws.stack.as_ref().is_some_and(|s| s.contains(w)))
    }

    /// Deletes window `w` from every workspace and from the floating layer: with the paper's
    /// injected bug, the filter keeps `w` instead of everything else.
    pub fn delete(&self, w: char) -> StackSet {
        let mut next = self.clone();
        for ws in next.workspaces_mut() {
            // The typo: `== w` where xmonad has `/= w`.
            ws.stack = ws.stack.as_ref().and_then(|s| s.filter(|x| x == w));
        }
        next.floating.remove(&w);
        next
    }
}

/// Part of xmonad's invariant (which its generator maintains; here a precondition): no window
/// is in two places.
pub fn invariant(x: &StackSet) -> bool {
    let mut seen = BTreeSet::new();
    x.workspaces()
        .filter_map(|ws| ws.stack.as_ref())
        .flat_map(Stack::windows)
        .all(|w| seen.insert(w))
}

/// The paper's `prop_delete`: deleting the focused window removes it from the stack set.
pub fn prop_delete(x: &StackSet) -> Verdict {
    let removed = match x.peek() {
        None => true,
        Some(i) => !x.delete(i).member(i),
    };
    Verdict::implies(invariant(x), removed)
}

fn main() {
    let tree = std::env::args().skip(1).any(|f| f == "--tree");
    let base = Args { format: if tree { Format::Tree } else { Format::Value }, ..Args::default() };
    let args = match base.with_env() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("smartcheck: {message}");
            std::process::exit(2);
        }
    };
    let report = smartcheck::smart_check(&args, prop_delete);
    println!("{report}");
}
