package cfg

// ControlsUnlessStopped reports whether b is control dependent on br once
// the paths that end the program (calls that never return, such as exit or
// upc_global_exit) are left out: some successor of br is always followed by
// b on the way out of the function, and br itself is not. A branch whose
// arms can only differ by stopping the program (an error check on one
// thread) does not decide whether the threads that go on execute b.
func (g *Graph) ControlsUnlessStopped(b, br *Block) bool {
	if g.AlwaysThrough(b, br) {
		return false
	}
	for _, s := range br.Succs {
		if g.AlwaysThrough(b, s) {
			return true
		}
	}
	return false
}

// AlwaysThrough reports whether every path from x that leaves the function
// other than by a call that never returns passes through b.
func (g *Graph) AlwaysThrough(b, x *Block) bool {
	if x == b {
		return true
	}
	// a slice indexed by Block.Index: this runs for many block pairs, so
	// the buffers of a function of ordinary size stay on the stack
	var seenBuf [256]bool
	var stackBuf [64]*Block
	var seen []bool
	if len(g.Blocks) <= len(seenBuf) {
		seen = seenBuf[:len(g.Blocks)]
	} else {
		seen = make([]bool, len(g.Blocks))
	}
	seen[x.Index], seen[b.Index] = true, true
	stack := append(stackBuf[:0], x)
	for len(stack) > 0 {
		y := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, s := range y.Succs {
			if s == g.Exit {
				if y.Edges[i].Kind != NoReturn {
					return false
				}
				continue
			}
			if !seen[s.Index] {
				seen[s.Index] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}
