package ssa

import (
	"fmt"
)

// Sanity checks the invariants of f and returns the violations found (nil
// if none):
//   - every block ends in exactly one control instruction, matching its
//     number of successors, and has no other;
//   - φs come first, with one edge per predecessor;
//   - predecessor and successor lists are symmetric and agree with the graph;
//   - every instruction's Block is its block;
//   - every operand is defined (no nil where a value is required) and, if
//     it is an instruction, its definition dominates the use (for a φ edge:
//     the end of the corresponding predecessor), and the use is among its
//     referrers.
func Sanity(f *Function) []error {
	s := &sanity{f: f}
	s.check()
	return s.errs
}

type sanity struct {
	f    *Function
	errs []error
	bb   *BasicBlock
}

func (s *sanity) errorf(format string, args ...any) {
	where := ""
	if s.bb != nil {
		where = fmt.Sprintf("block %d: ", s.bb.Index)
	}
	s.errs = append(s.errs, fmt.Errorf("%s: %s%s", s.f.Name, where, fmt.Sprintf(format, args...)))
}

func (s *sanity) check() {
	f := s.f
	g := f.Graph
	pos := make(map[Instruction]int) // index within its block
	for _, bb := range f.Blocks {
		for i, instr := range bb.Instrs {
			pos[instr] = i
		}
	}
	for _, bb := range f.Blocks {
		s.bb = bb
		if bb.parent != f {
			s.errorf("wrong parent")
		}
		if f.blockOf[bb.Index] != bb {
			s.errorf("not the function's block %d", bb.Index)
		}
		// Edges.
		for _, p := range bb.Preds {
			if !contains(p.Succs, bb) {
				s.errorf("predecessor %d does not have this block as successor", p.Index)
			}
		}
		for _, x := range bb.Succs {
			if x == nil {
				s.errorf("nil successor (unreachable block)")
				continue
			}
			if !contains(x.Preds, bb) {
				s.errorf("successor %d does not have this block as predecessor", x.Index)
			}
		}
		if len(bb.Succs) != len(bb.CFG.Succs) {
			s.errorf("%d successors, the graph has %d", len(bb.Succs), len(bb.CFG.Succs))
		}
		// Instructions.
		if len(bb.Instrs) == 0 {
			s.errorf("no instructions")
			continue
		}
		phis := true
		for i, instr := range bb.Instrs {
			if instr.Block() != bb {
				s.errorf("instruction %q has block %v", instr, instr.Block())
			}
			if p, ok := instr.(*Phi); ok {
				if !phis {
					s.errorf("φ %s after a non-φ", p.Name())
				}
				if len(p.Edges) != len(bb.Preds) {
					s.errorf("φ %s has %d edges for %d predecessors", p.Name(), len(p.Edges), len(bb.Preds))
				}
			} else {
				phis = false
			}
			last := i == len(bb.Instrs)-1
			if IsControl(instr) != last {
				if last {
					s.errorf("does not end in a control instruction but %q", instr)
				} else {
					s.errorf("control instruction %q before the end", instr)
				}
			}
			s.checkOperands(instr, pos)
		}
		switch c := bb.Instrs[len(bb.Instrs)-1].(type) {
		case *Jump, *Return, *Halt:
			if len(bb.Succs) != 1 {
				s.errorf("%T with %d successors", c, len(bb.Succs))
			}
		case *If:
			if len(bb.Succs) != 2 {
				s.errorf("if with %d successors", len(bb.Succs))
			}
		case *Exit:
			if len(bb.Succs) != 0 || bb.CFG != g.Exit {
				s.errorf("exit instruction outside the exit block")
			}
		case *Switch:
			if len(c.Labels) != len(bb.Succs) {
				s.errorf("switch with %d labels for %d successors", len(c.Labels), len(bb.Succs))
			}
		}
	}
	s.bb = nil
}

func (s *sanity) checkOperands(instr Instruction, pos map[Instruction]int) {
	g := s.f.Graph
	var rands []*Value
	rands = instr.Operands(rands)
	phi, isPhi := instr.(*Phi)
	for i, r := range rands {
		v := *r
		if v == nil {
			switch in := instr.(type) {
			case *Return, *Barrier:
				continue // optional operands
			case *Call:
				if i == 0 && in.Callee == "__asm__" {
					continue // asm has no function value
				}
			}
			s.errorf("instruction %q: operand %d is nil", instr, i)
			continue
		}
		def, ok := v.(Instruction)
		if !ok {
			if p, ok := v.(*Parameter); ok && !containsInstr(p.referrers, instr) {
				s.errorf("%q missing from the referrers of %s", instr, p.Name())
			}
			continue
		}
		db := def.Block()
		if db == nil || s.f.blockOf[db.Index] != db {
			s.errorf("instruction %q uses %s, defined outside the function", instr, v.Name())
			continue
		}
		if refs := v.Referrers(); refs != nil && !containsInstr(*refs, instr) {
			s.errorf("%q missing from the referrers of %s", instr, v.Name())
		}
		ub := instr.Block()
		if isPhi {
			if i >= len(ub.Preds) {
				continue
			}
			ub = ub.Preds[i] // used at the end of the predecessor
			if !g.Dominates(db.CFG, ub.CFG) {
				s.errorf("φ %s edge %d: %s (block %d) does not dominate predecessor %d", phi.Name(), i, v.Name(), db.Index, ub.Index)
			}
			continue
		}
		if db == ub {
			if pos[def] >= pos[instr] {
				s.errorf("instruction %q uses %s before its definition", instr, v.Name())
			}
		} else if !g.Dominates(db.CFG, ub.CFG) {
			s.errorf("instruction %q uses %s, defined in block %d which does not dominate", instr, v.Name(), db.Index)
		}
	}
}

func contains(list []*BasicBlock, b *BasicBlock) bool {
	for _, x := range list {
		if x == b {
			return true
		}
	}
	return false
}

func containsInstr(list []Instruction, i Instruction) bool {
	for _, x := range list {
		if x == i {
			return true
		}
	}
	return false
}
