//! The labelled corpus (tests/data/corpus): precision and recall.
