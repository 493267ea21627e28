//! An AVL tree with a seeded rebalancing bug, found through its invariant alone (ArtiCheck's
//! way): trees are only ever built by the API's own calls, and `is_balanced` is checked after
//! every call.
//!
//! Run: `cargo run --example api_avl`.

type Link = Option<Box<Node>>;

#[derive(Debug, Clone)]
struct Node {
    key: u8,
    height: i32,
    left: Link,
    right: Link,
}

/// A set of bytes kept as a height-balanced search tree.
#[derive(Debug, Clone, Default)]
pub struct Avl {
    root: Link,
}

fn height(link: &Link) -> i32 {
    link.as_ref().map_or(0, |n| n.height)
}

fn fix_height(node: &mut Node) {
    node.height = 1 + height(&node.left).max(height(&node.right));
}

fn rotate_right(mut node: Box<Node>) -> Box<Node> {
    let Some(mut left) = node.left.take() else { return node };
    node.left = left.right.take();
    fix_height(&mut node);
    left.right = Some(node);
    fix_height(&mut left);
    left
}

fn rotate_left(mut node: Box<Node>) -> Box<Node> {
    let Some(mut right) = node.right.take() else { return node };
    node.right = right.left.take();
    fix_height(&mut node);
    right.left = Some(node);
    fix_height(&mut right);
    right
}

fn balance(node: &Node) -> i32 {
    height(&node.left) - height(&node.right)
}

fn rebalance(mut node: Box<Node>) -> Box<Node> {
    fix_height(&mut node);
    if balance(&node) > 1 {
        // The bug: the left-right case needs `node.left = rotate_left(left)` first.
        return rotate_right(node);
    }
    if balance(&node) < -1 {
        if node.right.as_ref().is_some_and(|r| balance(r) > 0) {
            node.right = node.right.take().map(rotate_right);
        }
        return rotate_left(node);
    }
    node
}

fn insert(link: Link, key: u8) -> Box<Node> {
    let Some(mut node) = link else {
        return Box::new(Node { key, height: 1, left: None, right: None });
    };
    if key < node.key {
        node.left = Some(insert(node.left.take(), key));
    } else if key > node.key {
        node.right = Some(insert(node.right.take(), key));
    }
    rebalance(node)
}

/// The height of a balanced, ordered subtree with correct heights, keys within `lo..hi`.
fn checked_height(link: &Link, lo: Option<u8>, hi: Option<u8>) -> Option<i32> {
    let Some(node) = link else { return Some(0) };
    let in_range = lo.is_none_or(|lo| node.key > lo) && hi.is_none_or(|hi| node.key < hi);
    let left = checked_height(&node.left, lo, Some(node.key))?;
    let right = checked_height(&node.right, Some(node.key), hi)?;
    let ok = in_range && (left - right).abs() <= 1 && node.height == 1 + left.max(right);
    ok.then_some(node.height)
}

fn keys(link: &Link, out: &mut Vec<u8>) {
    if let Some(node) = link {
        keys(&node.left, out);
        out.push(node.key);
        keys(&node.right, out);
    }
}

#[smartcheck::api(invariant = is_balanced)]
impl Avl {
    /// The empty set.
    pub fn new() -> Avl {
        Avl { root: None }
    }

    /// Adds `key`.
    pub fn insert(&mut self, key: u8) {
        self.root = Some(insert(self.root.take(), key));
    }

    /// True when `key` is in the set.
    pub fn contains(&self, key: u8) -> bool {
        let mut at = &self.root;
        while let Some(node) = at {
            if key == node.key {
                return true;
            }
            at = if key < node.key { &node.left } else { &node.right };
        }
        false
    }

    /// The keys in order.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::new();
        keys(&self.root, &mut out);
        out
    }

    /// Every key of both sets.
    pub fn union(mut self, other: Avl) -> Avl {
        for key in other.to_vec() {
            self.insert(key);
        }
        self
    }

    /// The invariant: ordered, heights right, and every node's subtrees differ in height by at
    /// most one.
    pub fn is_balanced(&self) -> bool {
        checked_height(&self.root, None, None).is_some()
    }
}

fn main() {
    let args = smartcheck::Args { seed: Some(1), ..smartcheck::Args::default() };
    println!("{}", smartcheck::api::test_api::<AvlProgram>(&args));
}
