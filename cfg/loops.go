package cfg

// LoopForest is the natural loop forest of a graph.
type LoopForest struct{}
