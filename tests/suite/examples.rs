//! The examples the tests drive, each loaded once from `examples/` (their `main` is unused
//! here). The panics they raise are located at `tests/suite/../../examples/NAME.rs`.

#![allow(dead_code)]

#[path = "../../examples/api_avl.rs"]
pub mod api_avl;
#[path = "../../examples/api_map.rs"]
pub mod api_map;
#[path = "../../examples/api_ring.rs"]
pub mod api_ring;
#[path = "../../examples/calculator.rs"]
pub mod calculator;
#[path = "../../examples/sparse.rs"]
pub mod sparse;
#[path = "../../examples/xmonad.rs"]
pub mod xmonad;
