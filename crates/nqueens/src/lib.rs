pub mod board;
pub mod combinations;
pub mod placement;
pub mod reference;
pub mod render;
pub mod symmetry;
