//! A correct API: a thin wrapper over `std::collections::BTreeMap`, checked against a model (a
//! sorted `Vec` of pairs with the same functions) after every call. Ten thousand programs
//! report nothing.
//!
//! Run: `cargo run --example api_map`.

use std::collections::BTreeMap;

/// A map from bytes to bytes.
#[derive(Debug, Clone, Default)]
pub struct Map {
    inner: BTreeMap<u8, u8>,
}

#[smartcheck::api(model = Model)]
impl Map {
    /// The empty map.
    pub fn new() -> Map {
        Map { inner: BTreeMap::new() }
    }

    /// Sets `key` to `value`, returning the old value.
    pub fn insert(&mut self, key: u8, value: u8) -> Option<u8> {
        self.inner.insert(key, value)
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: u8) -> Option<u8> {
        self.inner.remove(&key)
    }

    /// The value of `key`.
    pub fn get(&self, key: u8) -> Option<u8> {
        self.inner.get(&key).copied()
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.inner.len()
    }

    /// True when there is no key.
    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    /// The keys and values in key order.
    pub fn entries(&self) -> Vec<(u8, u8)> {
        self.inner.iter().map(|(k, v)| (*k, *v)).collect()
    }

    /// Every entry of both; `other`'s value wins on a shared key.
    pub fn merge(mut self, other: Map) -> Map {
        self.inner.extend(other.inner);
        self
    }
}

/// The model: the same functions over a sorted vector of pairs.
#[derive(Debug, Clone, Default)]
pub struct Model {
    pairs: Vec<(u8, u8)>,
}

impl Model {
    /// The empty model.
    pub fn new() -> Model {
        Model { pairs: Vec::new() }
    }

    /// See [`Map::insert`].
    pub fn insert(&mut self, key: u8, value: u8) -> Option<u8> {
        match self.pairs.binary_search_by_key(&key, |p| p.0) {
            Ok(i) => Some(std::mem::replace(&mut self.pairs[i].1, value)),
            Err(i) => {
                self.pairs.insert(i, (key, value));
                None
            }
        }
    }

    /// See [`Map::remove`].
    pub fn remove(&mut self, key: u8) -> Option<u8> {
        let i = self.pairs.binary_search_by_key(&key, |p| p.0).ok()?;
        Some(self.pairs.remove(i).1)
    }

    /// See [`Map::get`].
    pub fn get(&self, key: u8) -> Option<u8> {
        self.pairs.iter().find(|p| p.0 == key).map(|p| p.1)
    }

    /// See [`Map::len`].
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// See [`Map::is_empty`].
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// See [`Map::entries`].
    pub fn entries(&self) -> Vec<(u8, u8)> {
        self.pairs.clone()
    }

    /// See [`Map::merge`].
    pub fn merge(mut self, other: Model) -> Model {
        for (k, v) in other.pairs {
            self.insert(k, v);
        }
        self
    }
}

fn main() {
    let args = smartcheck::Args { seed: Some(1), tests: 10_000, ..smartcheck::Args::default() };
    println!("{}", smartcheck::api::test_api::<MapProgram>(&args));
}
